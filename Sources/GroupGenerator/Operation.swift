/// The kinds of everyday commit a generated log mixes once its group has grown, as
/// `--mix` names them.
public enum Operation: String, CaseIterable, Sendable {
    /// A member adds one to three inboxes, new ones or former members; at the recipe's size,
    /// the owner removes instead, so that the group churns around its size.
    case add
    /// The owner removes one to three members.
    case remove
    /// The owner makes a member admin or takes it back, or sets a member's role (moderator,
    /// observer, member).
    case role
    /// A member changes the name, description, image URL or app data.
    case metadata
    /// The owner writes a configured field: ANNOUNCEMENT, WELCOME_MESSAGE or a key of
    /// GROUP_PREFERENCES.
    case field
    /// A member sets its USER_DISPLAY_NAME.
    case userdata
    /// The lifecycle of SPEC section 9: the owner creates an invite link and someone new joins
    /// through it (below the recipe's size), or the owner mutes a member or lifts a mute.
    case lifecycle
}
