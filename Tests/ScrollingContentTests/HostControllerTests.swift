import Foundation
import HostKit
import ScrollingContent
import Testing

@Suite("Host controllers")
@MainActor
struct HostControllerTests {
    @Test func aViewControllerIsAHostController() {
        let controller: any HostController = UIViewController()
        #expect(controller.viewIfLoaded == nil)
        _ = controller.view
        #expect(controller.viewIfLoaded != nil)
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 10, right: 0)
        #expect((controller as? UIViewController)?.additionalSafeAreaInsets.bottom == 10)
    }

    /// How the manager hears a view controller host: one invisible child view controller whose
    /// view is hidden, takes no touches, fills the root view and sits behind everything.
    @Test("a view controller host gets one invisible child, behind everything", arguments: viewControllerHostKinds)
    func theLifecycleChild(kind: HostKind) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneX)
        let host = try #require(scenario.host as? UIViewController)
        #expect(host.children.count == 1)
        let child = try #require(host.children.first)
        let view = try #require(child.viewIfLoaded)
        #expect(view.superview === scenario.root)
        #expect(scenario.root.subviews.first === view, "at the back")
        #expect(view.isHidden && !view.isUserInteractionEnabled)
        #expect(view.frame == scenario.root.bounds)
        // Its safe area is the host's, so it hears the host's safe-area changes.
        #expect(view.safeAreaInsets == scenario.root.safeAreaInsets)
        #expect(form.view.isDescendant(of: scenario.root))
    }
}
