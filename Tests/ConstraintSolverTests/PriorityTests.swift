import ConstraintSolver
import Testing

/// `Priority`: UIKit's named levels, validity, ordering.
@Suite struct PriorityTests {
    @Test func namedLevelsMatchUIKit() {
        #expect(Priority.required.rawValue == 1000)
        #expect(Priority.defaultHigh.rawValue == 750)
        #expect(Priority.sceneSizeStayPut.rawValue == 500)
        #expect(Priority.defaultLow.rawValue == 250)
        #expect(Priority.fittingSizeLevel.rawValue == 50)
    }

    @Test(arguments: [Float(1), 50, 250, 250.5, 999.9, 1000])
    func valuesInOneToAThousandAreValid(_ value: Float) {
        #expect(Priority(value).isValid)
    }

    @Test(arguments: [Float(0), 0.5, -1, 1000.1, 1001, .nan, .infinity, -.infinity])
    func valuesOutsideOneToAThousandAreInvalid(_ value: Float) {
        #expect(!Priority(value).isValid)
    }

    @Test func onlyAThousandIsRequired() {
        #expect(Priority.required.isRequired)
        #expect(Priority(1000).isRequired)
        #expect(!Priority(999).isRequired)
        #expect(!Priority.defaultHigh.isRequired)
    }

    @Test func literalsAndOrdering() {
        let integer: Priority = 251
        let float: Priority = 250.5
        #expect(integer.rawValue == 251)
        #expect(float.rawValue == 250.5)
        #expect(Priority.defaultLow < float)
        #expect(float < integer)
        #expect(Priority.fittingSizeLevel < .defaultLow)
        #expect(Priority.defaultHigh < .required)
    }

    @Test func descriptions() {
        #expect(Priority.defaultLow.description == "250")
        #expect(Priority(250.5).description == "250.5")
    }
}
