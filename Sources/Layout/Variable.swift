/// A named unknown whose value a ``Solver`` chooses.
///
/// Variables are compared by identity: two variables with the same name are different
/// unknowns. A variable holds no value itself; read it with ``Solver/value(of:)`` after
/// ``Solver/updateVariables()``, so the same variable can be shared by several solvers.
///
/// ```swift
/// let width = Variable("width")
/// try solver.addConstraint(width >= 100)
/// solver.updateVariables()
/// solver.value(of: width)   // 100
/// ```
public final class Variable: Sendable, CustomStringConvertible {
    /// A name for diagnostics; it need not be unique.
    public let name: String

    /// Creates a variable with a name used in descriptions and error messages.
    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}
