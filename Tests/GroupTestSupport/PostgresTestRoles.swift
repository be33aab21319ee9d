import Foundation

/// The names of the three roles docs/postgres-roles.sql makes (an owner that runs `grouplog
/// init`, a writer, a read-only auditor), unique to one test, since roles belong to the whole
/// cluster rather than to the test's schema; and their removal afterwards.
public struct PostgresTestRoles: Sendable {
    /// Owns the schema and its tables; runs `grouplog init`.
    public let owner: String
    /// Appends commits and keeps the derived tables; may not change a commit.
    public let writer: String
    /// Reads everything, writes nothing.
    public let auditor: String

    /// The package's root folder, where docs/ is.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The psql variables the documented scripts take, naming these roles and `schema`.
    public func variables(in schema: PostgresTestSchema) -> [String: String] {
        ["schema": schema.name, "owner": owner, "writer": writer, "auditor": auditor]
    }

    /// Runs `body` with role names of its own; the schema (which the owner comes to own) and the
    /// roles, with every privilege granted to them, are dropped afterwards, whatever `body` made.
    public static func with<T>(in schema: PostgresTestSchema, _ body: (PostgresTestRoles) async throws -> T) async throws -> T {
        let roles = PostgresTestRoles(owner: schema.name + "_owner", writer: schema.name + "_writer", auditor: schema.name + "_auditor")
        defer { roles.drop(in: schema) }
        return try await body(roles)
    }

    private func drop(in schema: PostgresTestSchema) {
        _ = try? schema.psql("DROP SCHEMA IF EXISTS \(schema.name) CASCADE")
        for role in [owner, writer, auditor] {
            // DROP OWNED BY also revokes what was granted to the role (here, on pg_catalog's functions).
            _ = try? schema.psql("""
                DO $$ BEGIN
                    IF EXISTS (SELECT FROM pg_roles WHERE rolname = '\(role)') THEN
                        EXECUTE 'DROP OWNED BY \(role)';
                        EXECUTE 'DROP ROLE \(role)';
                    END IF;
                END $$
                """)
        }
    }
}
