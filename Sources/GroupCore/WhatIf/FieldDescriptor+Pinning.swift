extension FieldDescriptor {
    /// The same descriptor with another policy for one operation.
    func replacing(_ operation: FieldOperation, with policy: Policy) -> FieldDescriptor {
        FieldDescriptor(
            id: id, name: name, type: type,
            insert: operation == .insert ? policy : insert,
            update: operation == .update ? policy : update,
            delete: operation == .delete ? policy : delete)
    }
}
