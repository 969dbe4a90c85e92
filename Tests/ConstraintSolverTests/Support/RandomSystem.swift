import ConstraintSolver
import Testing

/// One constraint of a ``RandomSystem``, naming variables by index so that it can be built
/// for any solver (with that solver's own `Variable`s) and for the ``ReferenceSolver``.
struct ConstraintSpec {
    var terms: [(variable: Int, coefficient: Double)]
    var constant: Double
    var relation: Relation
    var priority: Priority
    /// Whether this is one of the system's stays (see ``RandomSystem``).
    var isStay = false

    /// The constraint `Σ terms + constant (relation) 0` over `variables`.
    func constraint(over variables: [Variable]) -> Constraint {
        let expression = Expression(
            terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) }, constant: constant)
        return Constraint(expression, relation, priority: priority)
    }

    /// The same constraint for the reference solver (repeated variables summed).
    func linear(variableCount: Int) -> LinearConstraint {
        var coefficients = [Double](repeating: 0, count: variableCount)
        for term in terms { coefficients[term.variable] += term.coefficient }
        return LinearConstraint(
            coefficients: coefficients, constant: constant, relation: relation,
            priority: priority.isRequired ? nil : priority.rawValue)
    }

    /// A copy with another constant.
    func withConstant(_ constant: Double) -> ConstraintSpec {
        var copy = self
        copy.constant = constant
        return copy
    }

    /// A copy at another priority.
    func withPriority(_ priority: Priority) -> ConstraintSpec {
        var copy = self
        copy.priority = priority
        return copy
    }
}

/// A small random constraint system, the same for the same seed.
///
/// By default (``Shape/small``): 2–8 variables and 2–15 random constraints, one to three terms
/// each (a variable may repeat, so terms can combine or even cancel), integer coefficients in
/// -3...3 (never zero as written), integer constants in -50...50, relations and priorities
/// mixed (required most often, so that some systems are infeasible). Other shapes vary the
/// numbers and the size.
///
/// **Stays make the optimum unique.** Every variable `v_k` also gets a stay `v_k == c_k` at its
/// own priority `1 + k`, below every other priority in the system. Minimising a strict
/// priority level always leaves a convex set of optimal points (an intersection of the
/// feasible polyhedron with the level's optimal face). At the stay levels, from the highest
/// down, the solver minimises one `|v_k − c_k|` at a time over that convex set: the values
/// `v_k` can take there form an interval, the point of an interval closest to `c_k` is unique,
/// so each stay fixes its `v_k`, and after the last stay every variable is fixed. Any two
/// correct solvers must therefore return the same values, which the properties compare.
struct RandomSystem {
    /// The sizes and numbers a system is drawn from.
    struct Shape {
        var variables: ClosedRange<Int>
        var constraints: ClosedRange<Int>
        var termsPerConstraint: ClosedRange<Int>
        /// Coefficient magnitudes; each gets a random sign.
        var coefficients: [Double]
        /// Constants are `k * constantStep` for an integer `k` in `constantSteps`.
        var constantSteps: ClosedRange<Int>
        var constantStep: Double

        /// The systems of the brief: small, integer coefficients in -3...3, constants in -50...50.
        static let small = Shape(
            variables: 2...8, constraints: 2...15, termsPerConstraint: 1...3, coefficients: [1, 2, 3],
            constantSteps: -50...50, constantStep: 1)
        /// Multipliers as layouts use them (halves, quarters, tenths, aspect ratios such as 2.5
        /// or 7) and constants with one decimal, so that values are not integers.
        static let fractional = Shape(
            variables: 2...8, constraints: 2...15, termsPerConstraint: 1...4, coefficients: [0.1, 0.25, 0.5, 1, 2.5, 3, 7],
            constantSteps: -500...500, constantStep: 0.1)
        /// Bigger systems: 10–14 variables and 15–30 constraints.
        static let large = Shape(
            variables: 10...14, constraints: 15...30, termsPerConstraint: 1...4, coefficients: [1, 2, 3],
            constantSteps: -50...50, constantStep: 1)
    }

    /// The priorities of the non-stay constraints (required listed thrice to weight it).
    /// 251 next to 250 checks strictness between neighbouring levels. All are above the
    /// stays. `1...14`.
    static let priorities: [Priority] = [
        .required, .required, .required, .defaultHigh, .sceneSizeStayPut, 251, .defaultLow, .fittingSizeLevel,
    ]

    let seed: UInt64
    let variableCount: Int
    /// Every constraint in the order it is added, stays included.
    let specs: [ConstraintSpec]

    init(seed: UInt64, shape: Shape = .small) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        variableCount = random.int(in: shape.variables)
        var specs: [ConstraintSpec] = []
        for _ in 0..<random.int(in: shape.constraints) {
            specs.append(Self.randomConstraint(variableCount: variableCount, shape: shape, using: &random))
        }
        for k in 0..<variableCount {
            let stay = ConstraintSpec(
                terms: [(k, 1)], constant: Double(-random.int(in: -50...50)), relation: .equal,
                priority: Priority(Float(1 + k)), isStay: true)
            specs.insert(stay, at: random.int(in: 0...specs.count))
        }
        self.specs = specs
    }

    /// A random non-stay constraint over `variableCount` variables.
    static func randomConstraint(
        variableCount: Int, shape: Shape = .small, using random: inout SplitMix64
    ) -> ConstraintSpec {
        var terms: [(variable: Int, coefficient: Double)] = []
        for _ in 0..<random.int(in: shape.termsPerConstraint) {
            let magnitude = random.element(of: shape.coefficients)
            terms.append((random.int(in: 0...(variableCount - 1)), random.chance(1, in: 2) ? magnitude : -magnitude))
        }
        let relation = random.element(of: [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
        return ConstraintSpec(
            terms: terms, constant: Double(random.int(in: shape.constantSteps)) * shape.constantStep, relation: relation,
            priority: random.element(of: priorities))
    }

    /// The specs for the reference solver.
    func linear(_ specs: [ConstraintSpec]) -> [LinearConstraint] {
        specs.map { $0.linear(variableCount: variableCount) }
    }
}

/// Specs added one by one to a fresh solver with fresh variables, remembering which the solver
/// accepted and which it rejected as unsatisfiable.
struct LoadedSystem {
    let solver = Solver()
    let variables: [Variable]
    /// The constraint built for each spec (whether or not it was accepted).
    let constraints: [Constraint]
    /// Whether each spec's constraint was accepted.
    private(set) var accepted: [Bool] = []
    /// The error of each rejected spec, by index. Errors other than unsatisfiability are
    /// recorded as test issues when they happen.
    private(set) var rejections: [(index: Int, conflicts: [Constraint])] = []

    init(_ specs: [ConstraintSpec], variableCount: Int) {
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        self.variables = variables
        constraints = specs.map { $0.constraint(over: variables) }
        for (i, constraint) in constraints.enumerated() {
            do throws(SolverError) {
                try solver.addConstraint(constraint)
                accepted.append(true)
            } catch {
                accepted.append(false)
                if case .unsatisfiableConstraint(let rejected, let conflicts) = error, rejected === constraint {
                    rejections.append((i, conflicts))
                } else {
                    Issue.record("adding \(constraint) threw \(error)")
                }
            }
        }
        solver.updateVariables()
    }

    /// The solved value of every variable, after an ``Solver/updateVariables()``.
    func values() -> [Double] {
        solver.updateVariables()
        return variables.map { solver.value(of: $0) }
    }

    /// The indices of the accepted specs.
    var acceptedIndices: [Int] { accepted.indices.filter { accepted[$0] } }
}
