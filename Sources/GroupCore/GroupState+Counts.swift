extension GroupState {
    /// The number of current admins (not super admins), kept by the roster: O(1), so that a
    /// tool can chart it after every commit of a long log.
    public var adminCount: Int { roster.admins.count }

    /// The number of current super admins, kept by the roster: O(1).
    public var superAdminCount: Int { roster.superAdmins.count }
}
