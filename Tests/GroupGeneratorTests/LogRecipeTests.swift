import GroupGenerator
import Testing

/// A recipe no log can follow is refused with a message naming the option and what it allows.
struct LogRecipeTests {
    private func problem(_ change: (inout LogRecipe) -> Void) -> String? {
        var recipe = LogRecipe()
        change(&recipe)
        do throws(RecipeProblem) {
            try recipe.check()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theDefaultRecipeIsFine() {
        #expect(problem { _ in } == nil)
    }

    @Test func moreMembersThanTheLimitNamesBothOptionsAndTheRange() {
        #expect(problem { $0.members = 2_000; $0.memberLimit = 1_500 }
            == "--members 2000 is more than --member-limit 1500 allows: give at most 1500 members, or a limit from 2000 to 10000000")
    }

    @Test func countsOutsideTheirRangesNameTheRange() {
        #expect(problem { $0.members = 0 } == "--members takes a whole number from 1 to 10000000, not 0")
        #expect(problem { $0.members = 10_000_001 } == "--members takes a whole number from 1 to 10000000, not 10000001")
        #expect(problem { $0.batch = 0 } == "--batch takes a whole number from 1 to 100000, not 0")
        #expect(problem { $0.rejectedPercent = 101 } == "--rejected takes a whole number from 0 to 100, not 101")
        #expect(problem { $0.memberLimit = 0 } == "--member-limit takes a whole number from 1 to 10000000, not 0")
    }

    @Test func tooFewCommitsToGrowTheGroupSayHowManyItTakes() {
        #expect(problem { $0.members = 10_001; $0.batch = 1_000; $0.commits = 10 }
            == "--commits 10 is too few to grow the group to 10001 members in batches of 1000: give from 11 to 100000000, or a larger --batch")
        #expect(problem { $0.members = 10_001; $0.batch = 1_000; $0.commits = 11 } == nil)
    }

    @Test func aMixNamesItsOperations() throws {
        let mix = try OperationMix(parsing: "metadata=5,add=1,lifecycle=0")
        #expect(mix.description == "add=1,metadata=5")
        #expect(OperationMix.standard.description == "add=15,remove=12,role=10,metadata=25,field=10,userdata=20,lifecycle=8")
    }

    @Test(arguments: [
        ("add=1,shout=3", #"--mix: unknown operation "shout"; the operations are add, remove, role, metadata, field, userdata, lifecycle"#),
        ("add", #"--mix takes OPERATION=WEIGHT,... (operations: add, remove, role, metadata, field, userdata, lifecycle), not "add""#),
        ("add=-1", #"--mix: the weight of add is a whole number from 0 to 1000, not "-1""#),
        ("add=1,add=2", "--mix: add is given twice"),
        ("add=0,role=0", "--mix: at least one operation needs a weight above 0"),
    ])
    func aBadMixIsRefused(text: String, message: String) {
        #expect(throws: RecipeProblem(message)) { try OperationMix(parsing: text) }
    }
}
