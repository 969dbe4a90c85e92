// The platform seam of ScrollingPlugins: the one place that says which UI framework
// the policies are written against.
//
// In an iOS app, UIKit. Everywhere else HostKit, which spells UIKit's types and members the way
// UIKit does (watchOS counts as elsewhere: its UIKit module has no views). Every other file of
// the module uses those names without a conditional: the import is re-exported (`@_exported`)
// so that it reaches every file of the module, and a client that imports ScrollingPlugins sees
// the same `UIEdgeInsets` and `UIScrollView.DecelerationRate` as its signatures.

#if canImport(UIKit) && !os(watchOS)
    @_exported import UIKit
#else
    @_exported import HostKit
#endif
