import Foundation
import HostKit
import ScrollingContent
import Testing

/// The content height held while the keyboard is up, between keyboards: kept installed at a
/// height of 0, so that each show or hide is a constant change and not a constraint as long as
/// the form (issue 13). It is installed with the content, at 0, so that the first show is a
/// constant change as well, on a form shorter than the screen as on a long one.
@Suite("The held content height between keyboards")
@MainActor
struct HeldHeightTests {
    static let identifier = "ScrollingContent.keyboardHeldHeight"

    func held(on content: UIView) -> [NSLayoutConstraint] {
        content.constraints.filter { $0.identifier == Self.identifier }
    }

    /// 40 fields of 34 pt: 1,360 pt, taller than any phone's safe area.
    func longForm(_ kind: HostKind) -> (column: ColumnContent, scenario: Scenario) {
        let column = ColumnContent(Array(repeating: .field, count: 40))
        return (column, Scenario(kind, on: Phone.iPhoneX, content: column.view))
    }

    /// Between two snapshots of the layout engine's counters, constants changed, no constraint
    /// came or went, and the solver made no pivot: on a long form the keyboard's inset and the
    /// hold change no inequality's side.
    func expectOnlyConstantChanges(from before: LayoutStatistics, to after: LayoutStatistics) {
        #expect(after.additions == before.additions)
        #expect(after.removals == before.removals)
        #expect(after.constantChanges > before.constantChanges)
        #expect(after.solverPivots == before.solverPivots)
    }

    @Test(
        "a short form: held while the keyboard is up, released to 0 at the hide; no constraint comes or goes",
        arguments: HostKind.allCases)
    func shortForm(kind: HostKind) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneX)
        let safe = Phone.iPhoneX.portraitSafeAreaInsets
        // The safe area's height without the keyboard, taller than the form's 420 pt.
        let safeHeight = Phone.iPhoneX.portraitSize.height - safe.top - safe.bottom
        #expect(safeHeight > SignUpContent.height)
        #expect(held(on: form.view).map(\.constant) == [0])
        let before = try #require(scenario.root.layoutStatistics)
        for _ in 0..<2 {
            #expect(form.password.becomeFirstResponder())
            try scenario.stage.settle()
            #expect(held(on: form.view).map(\.constant) == [safeHeight])
            #expect(form.view.frame.height == safeHeight)
            #expect(form.password.resignFirstResponder())
            try scenario.stage.settle()
            #expect(held(on: form.view).map(\.constant) == [0])
            #expect(form.view.frame.height == safeHeight)
        }
        // The hold decides the height here, so the solver pivots; but only constants changed.
        let after = try #require(scenario.root.layoutStatistics)
        #expect(after.additions == before.additions)
        #expect(after.removals == before.removals)
        #expect(after.constantChanges > before.constantChanges)
    }

    @Test(
        "a long form: the hold comes with the content, so even the first show only changes its constant",
        arguments: HostKind.allCases)
    func firstShowOnALongForm(kind: HostKind) throws {
        let (column, scenario) = longForm(kind)
        let safe = Phone.iPhoneX.portraitSafeAreaInsets
        // What the hold stands in for while the keyboard is up: the priority-500 minimum, the
        // safe area's height without the keyboard.
        let safeHeight = Phone.iPhoneX.portraitSize.height - safe.top - safe.bottom
        // Installed with the content, holding nothing (every view is at least 0 tall).
        #expect(held(on: column.view).map(\.constant) == [0])
        let before = try #require(scenario.root.layoutStatistics)
        let field = try column.field(30)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        let after = try #require(scenario.root.layoutStatistics)
        // No constraint as long as the form's chain was added: the show changed constants.
        expectOnlyConstantChanges(from: before, to: after)
        #expect(held(on: column.view).map(\.constant) == [safeHeight])
        #expect(column.view.frame.height == column.height)
    }

    @Test(
        "a long form: after the first keyboard, a show and a hide only change the held height's constant",
        arguments: HostKind.allCases)
    func showAndHideOnALongForm(kind: HostKind) throws {
        let (column, scenario) = longForm(kind)
        let field = try column.field(30)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(field.resignFirstResponder())
        try scenario.stage.settle()
        #expect(held(on: column.view).map(\.constant) == [0])
        let before = try #require(scenario.root.layoutStatistics)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(field.resignFirstResponder())
        try scenario.stage.settle()
        let after = try #require(scenario.root.layoutStatistics)
        expectOnlyConstantChanges(from: before, to: after)
        #expect(held(on: column.view).map(\.constant) == [0])
        #expect(column.view.frame.height == column.height)
    }
}
