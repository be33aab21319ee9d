extension InboxID {
    /// Validates ID text from an app, as the library's invalid-argument error.
    init(checking text: String) throws(GroupLogError) {
        do throws(IdentifierProblem) {
            try self.init(text)
        } catch {
            throw .invalidArgument("inbox ID \(text.debugDescription) \(error)")
        }
    }
}

extension GroupID {
    /// Validates ID text from an app, as the library's invalid-argument error.
    init(checking text: String) throws(GroupLogError) {
        do throws(IdentifierProblem) {
            try self.init(text)
        } catch {
            throw .invalidArgument("group ID \(text.debugDescription) \(error)")
        }
    }
}
