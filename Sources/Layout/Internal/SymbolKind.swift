/// The kind of a tableau symbol (kiwi's `Symbol::Type`, plus objective rows).
enum SymbolKind: UInt8 {
    /// A caller's variable: unrestricted in sign.
    case external
    /// The slack of an inequality: non-negative.
    case slack
    /// The error of an optional constraint: non-negative, weighted in an objective level.
    case error
    /// The marker of a required equality: fixed at zero, never enters the basis.
    case dummy
    /// The basic symbol of an objective row (one per priority level, or the artificial one).
    case objective

    /// Restricted symbols are non-negative; their rows can leave the basis.
    var isRestricted: Bool { self == .slack || self == .error || self == .dummy }
}
