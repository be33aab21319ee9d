import GroupCodec
import GroupCore

extension FixtureReader {
    /// The top-level `start`: a sequence, and the state after it with its hash, checked so that a
    /// damaged or edited state is refused at its path rather than replayed.
    static func decodeStart(_ field: JSONField) throws(FixtureError) -> FixtureStart {
        let object = try field.object()
        try object.allowOnly(["sequence", "stateHash", "state", "previousHash"])
        let sequence = try object.required("sequence").uint64()
        var previousHash: Digest?
        if let field = object.optional("previousHash") {
            let text = try field.string()
            guard let digest = Digest(hex: text) else { throw field.error("expected 64 hexadecimal digits, found \(text.quoted)") }
            previousHash = digest
        }
        let hashField = try object.required("stateHash")
        let stateField = try object.required("state")
        guard !stateField.isNull else {
            guard hashField.isNull else { throw hashField.error("must be null when the state is null (a log with no group)") }
            return FixtureStart(sequence: sequence, state: nil, previousHash: previousHash)
        }
        let hashText = try hashField.string()
        guard let hash = Digest(hex: hashText) else {
            throw hashField.error("expected 64 hexadecimal digits, found \(hashText.quoted)")
        }
        let text = try stateField.string()
        guard let bytes = Base64.decode(text) else { throw stateField.error("not valid base64") }
        let actual = SHA256.hash(bytes)
        guard actual == hash else {
            throw hashField.error("the state's hash is \(actual.hex), not \(hash.hex)")
        }
        let state: GroupState
        do throws(BinaryDecodingError) {
            state = try StateCodec.decode(bytes)
        } catch {
            throw stateField.error("not a state encoding this build reads: \(error)")
        }
        guard state.lastAppliedSequence <= sequence else {
            throw try object.required("sequence").error(
                "the state's last applied commit is \(state.lastAppliedSequence), after the start's sequence \(sequence)")
        }
        return FixtureStart(sequence: sequence, state: state, previousHash: previousHash)
    }
}
