/// Operator configurations in TOML (SPEC section 11), written once for the configuration
/// reader's tests, the field tests, the CLI's tests and the example program, so that their
/// copies of the seed's fields cannot drift apart.
public enum ConfigurationSample {
    /// GROUP_CATEGORY of SPEC section 11: a group's string that only admins write.
    public static let groupCategory = """
        [[application_components]]
        id = 0xC001
        name = "GROUP_CATEGORY"
        type = "string"
        insert = "adminOnly"
        update = "adminOnly"
        delete = "adminOnly"
        """

    /// The seed's USER_PRONOUNS: each inbox writes its own entry, and it or a former member
    /// may delete it.
    public static let userPronouns = """
        [[application_components]]
        id = 0xC002
        name = "USER_PRONOUNS"
        type = "inboxMap"
        insert = "self"
        update = "self"
        delete = { any = ["self", "formerMember"] }
        """

    /// The seed's two fields, GROUP_CATEGORY and USER_PRONOUNS, with the default member limit.
    public static let seedFields = groupCategory + "\n\n" + userPronouns

    /// The example of SPEC section 11: the member limit (250 there) and GROUP_CATEGORY,
    /// registered in new groups and not in DMs.
    public static func specExample(memberLimit: Int = 250) -> String {
        """
        member_limit = \(memberLimit)

        \(groupCategory)
        in_groups = true
        in_dms = false
        """
    }
}
