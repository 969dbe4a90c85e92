import Foundation
import HostKit
import ScrollingContent
import Testing

/// Where the scroll view goes and how the content view is laid out when nothing else happens
/// (SCVC's "UIView Hierarchy", "Auto Layout Considerations" and "Intrinsic Content Size").
@Suite("Hierarchy and default layout")
@MainActor
struct HierarchyTests {
    /// The manager's keyboard-held height, which it installs on the content view with the
    /// content, at 0 (see `HeldHeightTests`).
    static func isKeyboardHold(_ constraint: NSLayoutConstraint) -> Bool {
        constraint.identifier == HeldHeightTests.identifier && constraint.constant == 0
    }

    // MARK: A content view with no superview

    @Test(
        "root → scroll view → content; the scroll view fills the root view and follows it",
        arguments: HostKind.allCases, phoneScreens)
    func scrollViewFillsTheRootView(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let root = scenario.root
        let scrollView = scenario.scrollView

        #expect(scenario.manager.contentView === form.view)
        #expect(scrollView.superview === root)
        #expect(root.subviews.contains { $0 === scrollView })
        #expect(form.view.superview === scrollView)
        #expect(scrollView.subviews.count == 1)
        #expect(scrollView.frame == CGRect(origin: .zero, size: phone.portraitSize))
        #expect(scrollView.frame == root.bounds)
        #expect(scrollView.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(scrollView.translatesAutoresizingMaskIntoConstraints)
        #expect(!form.view.translatesAutoresizingMaskIntoConstraints)
        #expect(scrollView.contentInsetAdjustmentBehavior == .always)
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
    }

    @Test("the content view is laid out exactly in the safe area", arguments: HostKind.allCases, phoneScreens)
    func defaultLayoutEqualsTheSafeArea(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        // The sign-up form needs 420 pt; both screens' safe areas are taller, and the content's
        // minimum size (the safe area's, at 500) wins over its 240 bottom link.
        let safeHeight = size.height - safe.top - safe.bottom
        #expect(SignUpContent.height < safeHeight)
        let expected = CGRect(x: 0, y: safe.top, width: size.width, height: safeHeight)

        #expect(scenario.frameInRoot(form.view) == expected)
        #expect(scenario.root.safeAreaLayoutGuide.layoutFrame == expected)
        #expect(scenario.scrollView.contentSize == expected.size)
        #expect(
            scenario.scrollView.adjustedContentInset
                == UIEdgeInsets(top: safe.top, left: 0, bottom: safe.bottom, right: 0))
        // At rest at the top: the content's top edge sits at the safe area's top edge.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -safe.top))
        // Nothing to scroll: the legal range is a single offset.
        #expect(scenario.scrollView.maximumContentOffset == scenario.scrollView.minimumContentOffset)
        // The password field sits where the chain puts it.
        let passwordInContent = form.password.convert(form.password.bounds, to: form.view)
        #expect(
            passwordInContent
                == CGRect(
                    x: SignUpContent.margin, y: SignUpContent.passwordFrameMinY,
                    width: size.width - 2 * SignUpContent.margin,
                    height: SignUpContent.fieldHeight))
    }

    // MARK: Expanded content

    @Test("a 2000-pt chain makes the content 2000 pt tall and scrollable", arguments: HostKind.allCases, phoneScreens)
    func tallChainScrolls(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(1000), .field, .block(966)])
        let chain: CGFloat = 1000 + UITextField.intrinsicHeight + 966
        #expect(column.height == chain)
        let scenario = Scenario(kind, on: phone, content: column.view)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let scrollView = scenario.scrollView

        #expect(scrollView.contentSize == CGSize(width: size.width, height: chain))
        #expect(scenario.frameInRoot(column.view) == CGRect(x: 0, y: safe.top, width: size.width, height: chain))
        #expect(scrollView.minimumContentOffset == CGPoint(x: 0, y: -safe.top))
        #expect(scrollView.maximumContentOffset == CGPoint(x: 0, y: chain + safe.bottom - size.height))

        // Scrolled to the end, the last row's bottom edge sits at the safe area's bottom edge.
        scrollView.setContentOffset(scrollView.maximumContentOffset, animated: false)
        let last = try #require(column.views.last)
        #expect(scenario.frameInRoot(last).maxY == size.height - safe.bottom)
    }

    @Test(
        "an intrinsic size yields to the safe-area minimum at the default hugging (250)",
        arguments: HostKind.allCases, phoneScreens)
    func intrinsicSizeWithDefaultHugging(kind: HostKind, phone: Phone) throws {
        let intrinsic = CGSize(width: 300, height: 200)
        let content = IntrinsicContentView(size: intrinsic)
        #expect(content.contentHuggingPriority(for: .vertical) == .defaultLow)
        let scenario = Scenario(kind, on: phone, content: content)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        // 500 (the minimum size) beats 250 (hugging): the content fills the safe area.
        #expect(content.frame.size == CGSize(width: size.width, height: size.height - safe.top - safe.bottom))
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
    }

    @Test(
        "an intrinsic size wins over the safe-area minimum with hugging 1000", arguments: HostKind.allCases,
        phoneScreens)
    func intrinsicSizeWithRequiredHugging(kind: HostKind, phone: Phone) throws {
        let intrinsic = CGSize(width: 300, height: 200)
        let content = IntrinsicContentView(size: intrinsic)
        content.setContentHuggingPriority(.required, for: .horizontal)
        content.setContentHuggingPriority(.required, for: .vertical)
        let scenario = Scenario(kind, on: phone, content: content)
        #expect(content.frame.size == intrinsic)
        #expect(scenario.scrollView.contentSize == intrinsic)
        #expect(scenario.frameInRoot(content).origin == CGPoint(x: 0, y: phone.portraitSafeAreaInsets.top))
    }

    @Test(
        "an intrinsic height taller than the screen scrolls (compression resistance 750 beats 500)",
        arguments: HostKind.allCases, phoneScreens)
    func tallIntrinsicSizeScrolls(kind: HostKind, phone: Phone) throws {
        let content = IntrinsicContentView(size: CGSize(width: 300, height: 1500))
        let scenario = Scenario(kind, on: phone, content: content)
        let size = phone.portraitSize
        // Width: the minimum (500) beats hugging (250), so the safe area's full width.
        #expect(content.frame.size == CGSize(width: size.width, height: 1500))
        #expect(scenario.scrollView.maximumContentOffset.y == 1500 + phone.portraitSafeAreaInsets.bottom - size.height)
    }

    @Test(
        "a chain at 750 wins over the minimum size; one at 240 loses to it",
        arguments: [UILayoutPriority.defaultHigh, UILayoutPriority(240)], phoneScreens)
    func chainPriorityAgainstTheMinimumSize(priority: UILayoutPriority, phone: Phone) throws {
        let content = UIView()
        let block = UIView()
        block.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(block)
        let blockHeight: CGFloat = 100
        let height = content.heightAnchor.constraint(equalTo: block.heightAnchor)
        height.priority = priority
        NSLayoutConstraint.activate([
            block.topAnchor.constraint(equalTo: content.topAnchor),
            block.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            block.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            block.heightAnchor.constraint(equalToConstant: blockHeight),
            height,
        ])
        let scenario = Scenario(.manager, on: phone, content: content)
        let safe = phone.portraitSafeAreaInsets
        let safeHeight = phone.portraitSize.height - safe.top - safe.bottom
        // The minimum-size constraint is at 500 (sceneSizeStayPut).
        let expected = priority > .sceneSizeStayPut ? blockHeight : safeHeight
        #expect(content.frame.height == expected)
        #expect(scenario.scrollView.contentSize.height == expected)
    }

    // MARK: A content view that already has a superview

    @Test(
        "the scroll view takes the content view's place, index, frame and autoresizing mask",
        arguments: HostKind.allCases, phoneScreens)
    func scrollViewTakesThePlaceOfAnAutoresizedContentView(kind: HostKind, phone: Phone) throws {
        // A panel across the screen's width, in the middle half of its height.
        let size = phone.portraitSize
        let panel = UIView(frame: CGRect(x: 0, y: size.height / 4, width: size.width, height: size.height / 2))
        panel.name = "panel"
        let before = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let after = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let content = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 150))
        content.name = "content"
        content.autoresizingMask = [.flexibleHeight, .flexibleRightMargin]
        for view in [before, content, after] { panel.addSubview(view) }
        let contentFrame = content.frame

        let scenario = Scenario(kind, on: phone, content: content, setUp: { root in root.addSubview(panel) })
        let scrollView = scenario.scrollView

        #expect(scrollView.superview === panel)
        #expect(panel.subviews.count == 3)
        #expect(panel.subviews.firstIndex { $0 === scrollView } == 1)
        #expect(panel.subviews.first === before && panel.subviews.last === after)
        #expect(scrollView.frame == contentFrame)
        #expect(scrollView.autoresizingMask == [.flexibleHeight, .flexibleRightMargin])
        #expect(scrollView.translatesAutoresizingMaskIntoConstraints)
        #expect(content.superview === scrollView)
        // The content fills the scroll view (it is not in the screen's safe area).
        #expect(content.frame == CGRect(origin: .zero, size: contentFrame.size))
    }

    @Test(
        "an aspect ratio and a subview sized from the content move to the scroll view, as SCVC's moveWidthAndHeightConstraints",
        arguments: HostKind.allCases, phoneScreens)
    func aspectRatioAndSubviewSizesMove(kind: HostKind, phone: Phone) throws {
        // The content sits 15 pt in from the root's sides below the top safe-area inset, twice
        // as wide as tall; a badge inside is half as wide as the content.
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        let setUp: RootSetUp = { root in
            root.addSubview(content)
            content.addSubview(badge)
            NSLayoutConstraint.activate([
                content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
                content.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 15),
                content.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -15),
                content.widthAnchor.constraint(equalTo: content.heightAnchor, multiplier: 2),
                badge.widthAnchor.constraint(equalTo: content.widthAnchor, multiplier: 0.5),
                badge.heightAnchor.constraint(equalToConstant: 20),
                badge.topAnchor.constraint(equalTo: content.topAnchor),
                badge.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            ])
        }
        let scenario = Scenario(kind, on: phone, content: content, setUp: setUp)
        try scenario.stage.settle()
        // 375 − 2 × 15 = 345 wide, 345 / 2 = 172.5 tall (SCVC on an iPhone X: 345×172.5).
        let width = size.width - 30
        #expect(scenario.scrollView.frame == CGRect(x: 15, y: safe.top, width: width, height: width / 2))
        // The ratio now holds the scroll view; the badge is half the scroll view's width.
        #expect(
            scenario.scrollView.constraints.contains {
                $0.isActive && $0.firstItem === scenario.scrollView && $0.firstAttribute == .width
                    && $0.secondItem === scenario.scrollView && $0.secondAttribute == .height && $0.multiplier == 2
            })
        #expect(badge.frame.width == width / 2)
        // None of the content's own left (the manager's keyboard hold, which holds nothing
        // without a keyboard, is its only width or height constraint).
        #expect(
            !content.constraints.contains {
                $0.isActive && ($0.firstAttribute == .width || $0.firstAttribute == .height)
                    && ($0.firstItem === content || $0.secondItem === content) && !Self.isKeyboardHold($0)
            })
    }

    @Test(
        "the superview's constraints are retargeted and the content's width and height move to the scroll view",
        arguments: HostKind.allCases, phoneScreens)
    func constraintsAreRetargeted(kind: HostKind, phone: Phone) throws {
        // A panel across the screen below its top safe-area inset, down to the bottom one.
        let size = phone.portraitSize
        let safe = phone.portraitSafeAreaInsets
        let panel = UIView(
            frame: CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        panel.name = "panel"
        let content = UIView()
        content.name = "content"
        content.translatesAutoresizingMaskIntoConstraints = false
        // The content inside the panel: 10 pt from its leading edge and 30 from its top, 20 pt
        // short of its trailing edge (so the "≤ root's trailing edge - 5" constraint below
        // holds) and 20 short of its bottom.
        let (top, leading): (CGFloat, CGFloat) = (30, 10)
        let width = panel.frame.width - leading - 20
        let height = panel.frame.height - top - 20
        var trailingToRoot: NSLayoutConstraint?
        let setUp: RootSetUp = { root in
            root.addSubview(panel)
            panel.addSubview(content)
            NSLayoutConstraint.activate([
                content.topAnchor.constraint(equalTo: panel.topAnchor, constant: top),
                content.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: leading),
                content.widthAnchor.constraint(equalToConstant: width),
                content.heightAnchor.constraint(equalToConstant: height),
            ])
            // A constraint held by an ancestor above the superview (the root view).
            let trailing = content.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -5)
            trailing.isActive = true
            trailingToRoot = trailing
        }
        let scenario = Scenario(kind, on: phone, content: content, setUp: setUp)
        let scrollView = scenario.scrollView
        let root = scenario.root

        func mentions(_ constraint: NSLayoutConstraint, _ view: UIView) -> Bool {
            constraint.firstItem === view || constraint.secondItem === view
        }
        // Nothing outside the scroll view names the content view any more.
        for holder in [panel, root] {
            #expect(!holder.constraints.contains { $0.isActive && mentions($0, content) })
        }
        #expect(trailingToRoot?.isActive == false)
        let panelToScrollView = panel.constraints.filter { $0.isActive && mentions($0, scrollView) }
        #expect(
            panelToScrollView.contains { $0.firstAttribute == .top && $0.secondItem === panel && $0.constant == top })
        #expect(
            panelToScrollView.contains {
                $0.firstAttribute == .leading && $0.secondItem === panel && $0.constant == leading
            })
        #expect(
            root.constraints.contains {
                $0.isActive && $0.firstItem === scrollView && $0.firstAttribute == .trailing
                    && $0.relation == .lessThanOrEqual
                    && $0.secondItem === root && $0.constant == -5
            })
        // The width and height constraints moved.
        let own = scrollView.constraints.filter { $0.isActive && $0.firstItem === scrollView && $0.secondItem == nil }
        #expect(own.contains { $0.firstAttribute == .width && $0.constant == width })
        #expect(own.contains { $0.firstAttribute == .height && $0.constant == height })
        #expect(
            !content.constraints.contains {
                $0.isActive && $0.firstItem === content && $0.secondItem == nil
                    && ($0.firstAttribute == .width || $0.firstAttribute == .height) && !Self.isKeyboardHold($0)
            })
        #expect(!scrollView.translatesAutoresizingMaskIntoConstraints)
        #expect(scrollView.frame == CGRect(x: leading, y: top, width: width, height: height))
        #expect(content.frame == CGRect(x: 0, y: 0, width: width, height: height))
    }
}
