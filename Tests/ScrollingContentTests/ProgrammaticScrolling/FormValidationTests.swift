import Foundation
import HostKit
import ScrollingContent
import Testing

@Suite("Form validation scrolling")
@MainActor
struct FormValidationTests {
    enum FormSection: Hashable, CaseIterable {
        case name, address, payment, delivery, notes
    }

    /// Section heights, top to bottom; each starts where the previous one ends.
    static let heights: [FormSection: CGFloat] = [
        .name: 120, .address: 300, .payment: 200, .delivery: 400, .notes: 250,
    ]

    /// A form of stacked, full-width sections in the fixture's scroll view.
    private func makeForm() -> (ScrollFixture, [FormSection: UIView]) {
        let total = FormSection.allCases.reduce(CGFloat(0)) { $0 + Self.heights[$1]! }
        let fixture = ScrollFixture(contentSize: CGSize(width: 375, height: total))
        var views: [FormSection: UIView] = [:]
        var y: CGFloat = 0
        for section in FormSection.allCases {
            let height = Self.heights[section]!
            views[section] = fixture.addTarget(section, frame: CGRect(x: 0, y: y, width: 375, height: height))
            y += height
        }
        return (fixture, views)
    }

    @Test func theFirstIncompleteSectionIsScrolledToTheTop() throws {
        let (fixture, views) = makeForm()
        let complete: Set<FormSection> = [.name, .address, .notes]
        let result = try #require(
            fixture.reader.scrollToFirstIncompleteSection(
                FormSection.allCases, isComplete: { complete.contains($0) }, animated: true))
        #expect(result.id == .payment, "delivery is incomplete too, but payment comes first")
        // Payment starts below name and address: y = 120 + 300; its top goes under the status bar.
        #expect(result.outcome == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 0, y: 120 + 300 - 20)))
        #expect(fixture.windowFrame(of: views[.payment]!).minY == ScrollFixture.statusBar)
        #expect(fixture.offsetAnimations().count == 1)
    }

    @Test func aCompleteFormScrollsNothing() {
        let (fixture, _) = makeForm()
        #expect(
            fixture.reader.scrollToFirstIncompleteSection(
                FormSection.allCases, isComplete: { _ in true }, animated: true) == nil)
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: -20))
        #expect(fixture.offsetAnimations().isEmpty)
    }

    @Test func theLastSectionIsClampedToTheEndOfTheForm() throws {
        let (fixture, views) = makeForm()
        let result = try #require(
            fixture.reader.scrollToFirstIncompleteSection(
                FormSection.allCases, isComplete: { $0 != .notes }, animated: false))
        #expect(result.id == .notes)
        // Notes (250 pt, starting at 1020) cannot reach the top: the offset stops at the end,
        // content height 1270 − 667, and the section sits at the bottom of the screen.
        #expect(
            result.outcome
                == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 0, y: 120 + 300 + 200 + 400 + 250 - 667)))
        #expect(fixture.windowFrame(of: views[.notes]!).maxY == ScrollFixture.screenSize.height)
    }

    @Test func anUnmarkedIncompleteSectionIsNamedWithTheFailure() throws {
        let (fixture, views) = makeForm()
        views[.address]!.scrollAnchorID = nil
        let result = try #require(
            fixture.reader.scrollToFirstIncompleteSection(
                FormSection.allCases, isComplete: { $0 == .name }, animated: false))
        #expect(result.id == .address)
        #expect(result.outcome == .notScrolled(.unknownIdentifier))
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: -20))
    }

    @Test func scrollToFirstTakesAnyPredicateAnchorAndOffset() throws {
        let (fixture, views) = makeForm()
        let result = try #require(
            fixture.reader.scrollToFirst(
                of: FormSection.allCases, where: { Self.heights[$0]! > 300 }, anchor: .top,
                offset: CGPoint(x: 0, y: -16),
                animated: false))
        // Delivery (400 pt) is the first section taller than 300, at 120 + 300 + 200; 16 pt of
        // the previous section stay visible above it.
        #expect(result.id == .delivery)
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: 120 + 300 + 200 - 20 - 16))
        #expect(fixture.windowFrame(of: views[.delivery]!).minY == ScrollFixture.statusBar + 16)
    }
}
