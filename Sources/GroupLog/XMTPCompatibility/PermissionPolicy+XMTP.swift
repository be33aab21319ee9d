/// XMTPiOS's `PermissionOption`: GroupLog's `PermissionPolicy`, whose cases are XMTP's
/// (`allow`, `deny`, `admin`, `superAdmin`, `unknown`).
public typealias PermissionOption = PermissionPolicy
