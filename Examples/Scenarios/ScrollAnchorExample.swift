import Foundation
import HostKit
import ScrollingContent

/// The DoorDash article, on ScrollingContent: a menu whose sections are marked with scroll
/// anchors, under a carousel of section labels kept in step with it; scrolling to a section
/// with an anchor and an offset; a checkout form that scrolls to its first incomplete section
/// before it can be saved; snapping to sections; and the keyboard, which the visible area (and
/// so every anchor) respects. On an iPhone X.
public enum ScrollAnchorExample: Example {
    /// The executable's name, and the name `--example` takes.
    public static let name = "ScrollAnchorExample"
    /// One sentence on what it shows, printed before its timeline.
    public static let summary =
        "the DoorDash article: scroll to identified sections, a linked carousel, form validation, snapping"

    /// The menu's sections, top to bottom; the last three make up the checkout form.
    public enum Section: String, CaseIterable, Hashable, Sendable {
        case appetizers, mains, desserts, drinks, name, address, payment
    }

    /// A section's label in the carousel: its own identifier, so a lookup from the window
    /// finds the section, not its label.
    struct Label: Hashable {
        var section: Section
    }

    /// A carousel of section labels above the menu, which the manager makes scroll.
    final class MenuViewController: UIViewController {
        lazy var manager = ScrollingContentManager(host: self, monitors: monitors)
        let monitors: [any ScrollingContentMonitor]
        let carousel = UIScrollView()
        let menu = UIView()
        var fields: [Section: UITextField] = [:]
        var sectionViews: [Section: UIView] = [:]

        static let carouselHeight: CGFloat = 44
        static let labelWidth: CGFloat = 110
        static let sectionHeight: CGFloat = 320
        static let formSectionHeight: CGFloat = 160
        static let footerHeight: CGFloat = 480

        init(monitors: [any ScrollingContentMonitor]) {
            self.monitors = monitors
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        static func height(of section: Section) -> CGFloat {
            switch section {
            case .name, .address, .payment: formSectionHeight
            default: sectionHeight
            }
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(white: 0.97, alpha: 1)
            carousel.name = "carousel"
            carousel.backgroundColor = UIColor(white: 0.9, alpha: 1)
            menu.name = "menu"
            let listContainer = UIView()
            listContainer.name = "list"
            for subview in [carousel, listContainer] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            menu.translatesAutoresizingMaskIntoConstraints = false
            listContainer.addSubview(menu)
            let safe = view.safeAreaLayoutGuide
            NSLayoutConstraint.activate([
                carousel.topAnchor.constraint(equalTo: safe.topAnchor),
                carousel.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                carousel.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                carousel.heightAnchor.constraint(equalToConstant: Self.carouselHeight),
                listContainer.topAnchor.constraint(equalTo: carousel.bottomAnchor),
                listContainer.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                listContainer.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                listContainer.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                menu.topAnchor.constraint(equalTo: listContainer.topAnchor),
                menu.leadingAnchor.constraint(equalTo: listContainer.leadingAnchor),
                menu.trailingAnchor.constraint(equalTo: listContainer.trailingAnchor),
                menu.bottomAnchor.constraint(equalTo: listContainer.bottomAnchor),
            ])

            // The carousel: one label per section, side by side.
            var previousLabel: UIView?
            for section in Section.allCases {
                let label = UIView().setScrollAnchor(Label(section: section))
                label.name = section.rawValue
                label.backgroundColor = UIColor(white: 1, alpha: 1)
                label.translatesAutoresizingMaskIntoConstraints = false
                carousel.addSubview(label)
                NSLayoutConstraint.activate([
                    label.topAnchor.constraint(equalTo: carousel.topAnchor),
                    label.bottomAnchor.constraint(equalTo: carousel.bottomAnchor),
                    label.heightAnchor.constraint(equalToConstant: Self.carouselHeight),
                    label.widthAnchor.constraint(equalToConstant: Self.labelWidth),
                    label.leadingAnchor.constraint(equalTo: previousLabel?.trailingAnchor ?? carousel.leadingAnchor),
                ])
                previousLabel = label
            }
            previousLabel?.trailingAnchor.constraint(equalTo: carousel.trailingAnchor).isActive = true

            // The menu: the sections stacked, each marked with its identifier.
            var above = menu.topAnchor
            for section in Section.allCases {
                let sectionView = UIView().setScrollAnchor(section)
                sectionView.name = section.rawValue
                sectionView.backgroundColor =
                    section.isForm
                    ? UIColor(white: 1, alpha: 1)
                    : UIColor(
                        red: 0.36, green: 0.55, blue: 0.95,
                        alpha: 0.25 + 0.1 * Double(Section.allCases.firstIndex(of: section) ?? 0))
                sectionView.translatesAutoresizingMaskIntoConstraints = false
                menu.addSubview(sectionView)
                NSLayoutConstraint.activate([
                    sectionView.topAnchor.constraint(equalTo: above),
                    sectionView.leadingAnchor.constraint(equalTo: menu.leadingAnchor),
                    sectionView.trailingAnchor.constraint(equalTo: menu.trailingAnchor),
                    sectionView.heightAnchor.constraint(equalToConstant: Self.height(of: section)),
                ])
                if section.isForm {
                    let field = UITextField()
                    field.name = "\(section.rawValue) field"
                    field.translatesAutoresizingMaskIntoConstraints = false
                    sectionView.addSubview(field)
                    NSLayoutConstraint.activate([
                        field.topAnchor.constraint(equalTo: sectionView.topAnchor, constant: 60),
                        field.leadingAnchor.constraint(equalTo: sectionView.leadingAnchor, constant: 20),
                        field.trailingAnchor.constraint(equalTo: sectionView.trailingAnchor, constant: -20),
                    ])
                    fields[section] = field
                }
                sectionViews[section] = sectionView
                above = sectionView.bottomAnchor
            }
            // The order summary and the Save button below the form: room for every section
            // to reach the top of the list.
            let footer = UIView()
            footer.name = "order summary"
            footer.backgroundColor = UIColor(white: 0.9, alpha: 1)
            footer.translatesAutoresizingMaskIntoConstraints = false
            menu.addSubview(footer)
            NSLayoutConstraint.activate([
                footer.topAnchor.constraint(equalTo: above),
                footer.leadingAnchor.constraint(equalTo: menu.leadingAnchor),
                footer.trailingAnchor.constraint(equalTo: menu.trailingAnchor),
                footer.heightAnchor.constraint(equalToConstant: Self.footerHeight),
                menu.bottomAnchor.constraint(equalTo: footer.bottomAnchor),
            ])
            manager.contentView = listContainer
        }
    }

    /// What the script measured.
    public struct Outcome {
        /// The screen the scenario ran on.
        public var screen: UIScreen
        /// Where the visible area of the list starts, in the window (below the carousel).
        public var listVisibleTop: CGFloat
        /// `desserts` scrolled to `.top` with an offset of −8: its top in the window.
        public var dessertsTopInWindow: CGFloat
        /// The extra offset given with `.top` for desserts (−8: the section 8 pt lower).
        public var extraOffset: CGFloat
        /// The section the carousel shows after choosing "drinks".
        public var selectionAfterChoosingDrinks: Section?
        /// The drinks section's top in the window after choosing it.
        public var drinksTopInWindow: CGFloat
        /// The carousel's selection after the user scrolled the list to "mains".
        public var selectionAfterScrollingToMains: Section?
        /// How many times the carousel moved in total (no feedback loop: once per change).
        public var carouselMoves: Int
        /// The first incomplete section of the checkout form.
        public var firstIncomplete: Section?
        /// The first incomplete section's top in the window.
        public var firstIncompleteTopInWindow: CGFloat
        /// With the keyboard up, "payment" scrolled to `.bottom`: its bottom in the window.
        public var paymentBottomInWindow: CGFloat
        /// The keyboard's top in the window at that moment.
        public var keyboardTop: CGFloat
        /// The list's offset when the finger lifts at the end of the flick (UIKit's normal
        /// deceleration rate follows).
        public var flickOffset: CGFloat
        /// The velocity of the flick, in points per millisecond.
        public var flickVelocity: CGFloat
        /// The list's resting offset after snapping to section tops.
        public var snappedContentOffset: CGPoint
        /// The section whose top is at the visible area's top after snapping (`nil`: none).
        public var snappedSection: Section?
        /// The top of the section nearest the visible area's top, in the window.
        public var snappedSectionTopInWindow: CGFloat
        /// Whether a section's top is exactly at the visible area's top.
        public var snappedOffsetIsASectionTop: Bool
    }

    /// Runs the DoorDash article's scenario on an iPhone X: scroll to desserts with an offset,
    /// choose drinks in the carousel, scroll the list back to the mains, validate the checkout
    /// form, scroll payment above the keyboard, and snap a flick to a section.
    public static func run(_ recording: ScenarioRecording) throws -> Outcome {
        let screen = UIScreen.iPhoneX
        let window = UIWindow(screen: screen, scheduler: recording.scheduler)
        let controller = MenuViewController(monitors: [recording.timeline])
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try recording.advance(by: 0)
        let list = controller.manager.scrollView
        let proxy = ScrollReader(root: window)
        var carouselMoves = 0
        final class CarouselCounter: NSObject, UIScrollViewDelegate {
            var moves = 0
            func scrollViewDidScroll(_ scrollView: UIScrollView) { moves += 1 }
        }
        let counter = CarouselCounter()
        controller.carousel.delegate = counter
        let link = LinkedScrollCoordinator(
            list: list, carousel: controller.carousel,
            sections: Section.allCases.map { LinkedScrollCoordinator.Section(id: $0, labelID: Label(section: $0)) })
        // UIKit gives a scroll view one delegate: the list's passes scrolling on to the link
        // (and, from the last step on, drag ends to the snapping controller).
        let listDelegate = MenuListDelegate()
        listDelegate.link = link
        list.delegate = listDelegate
        let listTop = list.convert(CGPoint(x: 0, y: list.contentOffset.y + list.adjustedContentInset.top), to: window).y
        func top(_ section: Section) -> CGFloat {
            let view = controller.sectionViews[section]!
            return view.convert(view.bounds, to: window).minY
        }

        recording.step("The menu under its carousel of sections")
        recording.state("the list's visible area starts at \(listTop.compactText) (44 + 44)")
        recording.snapshot(window, "The menu")

        recording.step("proxy.scroll(to: .desserts, anchor: .top, offset: (0, -8))")
        let extra: CGFloat = -8
        recording.state(
            "\(proxy.scroll(to: Section.desserts, anchor: .top, offset: CGPoint(x: 0, y: extra), animated: true))")
        let dessertsTop = top(.desserts)
        recording.state("desserts' top at \(dessertsTop.compactText): 8 pt below the visible top")
        recording.snapshot(window, "Desserts at the top, 8 pt down")

        recording.step("The user picks \"drinks\" in the carousel")
        recording.state("\(link.selectSection(Section.drinks, animated: true))")
        let afterDrinks = link.selectedSection?.base as? Section
        let drinksTop = top(.drinks)
        recording.state(
            "selected \(afterDrinks?.rawValue ?? "none"); drinks' top at \(drinksTop.compactText); carousel \(controller.carousel.contentOffset.compactText)"
        )
        recording.snapshot(window, "Drinks chosen in the carousel")

        recording.step("The user scrolls the list back to the mains: the carousel follows")
        list.contentOffset = CGPoint(x: 0, y: MenuViewController.sectionHeight - list.adjustedContentInset.top)
        let afterMains = link.selectedSection?.base as? Section
        recording.state(
            "selected \(afterMains?.rawValue ?? "none"); carousel \(controller.carousel.contentOffset.compactText)")
        recording.snapshot(window, "The carousel follows the list")
        carouselMoves = counter.moves

        recording.step("Save: the checkout form scrolls to its first incomplete section")
        controller.fields[.name]?.text = "Ada"
        let incomplete = proxy.scrollToFirstIncompleteSection(
            [Section.name, .address, .payment], isComplete: { !(controller.fields[$0]?.text ?? "").isEmpty },
            animated: true)
        let incompleteTop = incomplete.map { top($0.id) } ?? 0
        recording.state(
            "first incomplete: \(incomplete?.id.rawValue ?? "none"), its top at \(incompleteTop.compactText)")
        recording.snapshot(window, "The first incomplete section, address")

        recording.step("The address field takes the keyboard; payment scrolls to .bottom above it")
        _ = controller.fields[.address]?.becomeFirstResponder()
        try recording.advance(by: 0.6)
        recording.state("\(proxy.scroll(to: Section.payment, anchor: .bottom, animated: true))")
        let payment = controller.sectionViews[.payment]!
        let paymentBottom = payment.convert(payment.bounds, to: window).maxY
        let keyboardTop = window.keyboard.frame.minY
        recording.state(
            "payment's bottom at \(paymentBottom.compactText), the keyboard's top at \(keyboardTop.compactText)")
        recording.snapshot(window, "Payment's bottom on the keyboard's top")

        recording.step("The keyboard goes; a flick snaps the list to a section's top")
        _ = controller.fields[.address]?.resignFirstResponder()
        try recording.advance(by: 0.6)
        let snapping = SnappingController(
            scrollView: list, policy: .alignedToAnchors,
            anchorIDs: Section.allCases.map { AnyHashable($0) })
        listDelegate.snapping = snapping
        let flickOffset: CGFloat = 500
        let flickVelocity: CGFloat = 1.2
        list.contentOffset = CGPoint(x: 0, y: flickOffset)
        list.beginSimulatedDrag()
        list.endSimulatedDrag(velocity: CGPoint(x: 0, y: flickVelocity))
        recording.state(
            "released at \(flickOffset.compactText) with \(flickVelocity.compactText) pt/ms: the list rests at \(list.contentOffset.compactText)"
        )
        let visibleTop = list.convert(
            CGPoint(x: 0, y: list.contentOffset.y + list.adjustedContentInset.top), to: window
        ).y
        let snappedTop = Section.allCases.map(top).min { abs($0 - visibleTop) < abs($1 - visibleTop) } ?? .nan
        let isSectionTop = abs(snappedTop - visibleTop) < 0.001
        let snappedSection = Section.allCases.first { abs(top($0) - visibleTop) < 0.001 }
        recording.state(
            "\(snappedSection?.rawValue ?? "no section") at the top: the nearest section's top is at \(snappedTop.compactText); the visible area starts at \(visibleTop.compactText)"
        )
        recording.snapshot(window, "Snapped to a section")
        link.invalidate()

        return Outcome(
            screen: screen, listVisibleTop: listTop, dessertsTopInWindow: dessertsTop, extraOffset: extra,
            selectionAfterChoosingDrinks: afterDrinks, drinksTopInWindow: drinksTop,
            selectionAfterScrollingToMains: afterMains,
            carouselMoves: carouselMoves, firstIncomplete: incomplete?.id, firstIncompleteTopInWindow: incompleteTop,
            paymentBottomInWindow: paymentBottom, keyboardTop: keyboardTop, flickOffset: flickOffset,
            flickVelocity: flickVelocity, snappedContentOffset: list.contentOffset, snappedSection: snappedSection,
            snappedSectionTopInWindow: snappedTop, snappedOffsetIsASectionTop: isSectionTop)
    }
}

/// The menu list's delegate: a scroll view has one, so it hands the list's scrolling to the
/// linked carousel and the end of a drag to the snapping controller, as an app's would.
@MainActor
final class MenuListDelegate: NSObject, UIScrollViewDelegate {
    weak var link: LinkedScrollCoordinator?
    weak var snapping: SnappingController?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        link?.scrollViewDidScroll(scrollView)
    }

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        snapping?.scrollViewWillEndDragging(
            scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
    }
}

extension ScrollAnchorExample.Section {
    /// The checkout form's sections.
    var isForm: Bool { self == .name || self == .address || self == .payment }
}
