import ConstraintSolver
import Testing

@Test func smoke() throws {
    let solver = Solver()
    let left = Variable("left")
    let width = Variable("width")
    try solver.addConstraint(left == 20)
    try solver.addConstraint(width >= 100)
    try solver.addConstraint((width == 300).withPriority(.defaultLow))
    solver.updateVariables()
    #expect(solver.value(of: width) == 300)
    #expect(solver.value(of: left) == 20)
}
