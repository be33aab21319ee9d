/// `grouplog key generate -o FILE`, `grouplog key show FILE`
enum KeyCommand {
    static let command = Command(
        name: "key",
        overview: [
            OverviewEntry("key generate -o FILE", summary: "write a new private key file (mode 0600); print its public key"),
            OverviewEntry("key show FILE", summary: "print the public key of a private key file"),
        ],
        page: [.text("""
        Ed25519 signing keys (SPEC section 14), in files; no store is needed. 'key generate'
        writes a new private key to FILE (-o FILE, or --output FILE) and prints its public key
        in base64, the form fixtures and the identity directory take; nothing secret is
        printed. 'key show' prints the public key of a private key file.

        A key file is an unencrypted PKCS#8 PEM block ("BEGIN PRIVATE KEY"), the format of
        'openssl genpkey' for the algorithm ed25519: either tool reads the other's keys.
        'key generate' creates FILE with mode 0600 (its owner alone may read it) and never
        overwrites anything: when FILE exists it exits 6 and leaves FILE as it was. Reading a
        key file that its group or others may read or write warns on standard error; chmod 600
        the file. A file that is missing, unreadable, a directory, empty, not PEM, or holds no
        Ed25519 private key (an RSA or EC key, a public key, an encrypted key) is refused with
        exit 2, naming the file.
        """)],
        action: .subcommands([
            Command.Subcommand(name: "generate", body: KeyGenerateCommand.self),
            Command.Subcommand(name: "show", body: KeyShowCommand.self),
        ]))
}
