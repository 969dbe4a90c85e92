import Foundation
import HostKit
import Testing

/// A text field that records its responder calls and can refuse to resign.
@MainActor
final class RecordingTextField: UITextField {
    var calls: [String] = []
    var refusesToResign = false

    init(_ name: String) {
        super.init(frame: CGRect(x: 20, y: 0, width: 335, height: UITextField.intrinsicHeight))
        self.name = name
    }

    required init?(coder: NSCoder) { nil }

    override var canResignFirstResponder: Bool { !refusesToResign }

    @discardableResult
    override func becomeFirstResponder() -> Bool {
        calls.append("become")
        return super.becomeFirstResponder()
    }

    @discardableResult
    override func resignFirstResponder() -> Bool {
        calls.append("resign")
        return super.resignFirstResponder()
    }
}

@Suite("Responders")
@MainActor
struct ResponderTests {
    @Test func aTextFieldInAWindowBecomesFirstResponder() {
        let (window, _) = makeWindow()
        window.makeKeyAndVisible()
        let field = RecordingTextField("email")
        window.addSubview(field)
        #expect(!field.isFirstResponder)
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        #expect(window.firstResponder === field)
        #expect(field.becomeFirstResponder()) // already: still true
        #expect(field.resignFirstResponder())
        #expect(window.firstResponder == nil)
    }

    @Test func aFieldOutsideAWindowCannotBecomeFirstResponder() {
        let recorder = LogRecorder()
        let field = UITextField()
        field.logSink = recorder.sink
        #expect(!field.becomeFirstResponder())
        #expect(!field.isFirstResponder)
        #expect(recorder.contains("not in a window", atLeast: .error))
    }

    @Test func plainViewsAndDisabledFieldsCannotBecomeFirstResponder() {
        let (window, _) = makeWindow()
        let view = UIView()
        let field = UITextField()
        field.isEnabled = false
        window.addSubview(view)
        window.addSubview(field)
        #expect(!view.becomeFirstResponder())
        #expect(!field.becomeFirstResponder())
        #expect(window.firstResponder == nil)
    }

    @Test func movingToAnotherFieldAsksTheFirstToResign() {
        let (window, _) = makeWindow()
        let email = RecordingTextField("email")
        let password = RecordingTextField("password")
        window.addSubview(email)
        window.addSubview(password)
        email.becomeFirstResponder()
        password.becomeFirstResponder()
        #expect(email.calls == ["become", "resign"])
        #expect(window.firstResponder === password)

        // A field that refuses to resign keeps the focus.
        password.refusesToResign = true
        #expect(!email.becomeFirstResponder())
        #expect(window.firstResponder === password)
    }

    @Test func endEditingResignsTheFirstResponderInTheSubtree() {
        let (window, _) = makeWindow()
        let form = UIView()
        let elsewhere = UIView()
        let field = RecordingTextField("field")
        window.addSubview(form)
        window.addSubview(elsewhere)
        form.addSubview(field)
        field.becomeFirstResponder()
        #expect(elsewhere.endEditing(false)) // not in that subtree: nothing to do
        #expect(field.isFirstResponder)

        field.refusesToResign = true
        #expect(!form.endEditing(false))
        #expect(field.isFirstResponder)
        #expect(window.endEditing(true)) // forced
        #expect(window.firstResponder == nil)
    }

    @Test func aFirstResponderLeavingTheWindowResigns() {
        let (window, _) = makeWindow()
        let form = UIView()
        let field = RecordingTextField("field")
        window.addSubview(form)
        form.addSubview(field)
        field.refusesToResign = true // UIKit resigns it anyway
        field.becomeFirstResponder()
        form.removeFromSuperview()
        #expect(window.firstResponder == nil)
        #expect(!field.isFirstResponder)
    }

    @Test func theAccessoryHeight() {
        let field = UITextField()
        #expect(field.inputAccessoryHeight == 0)
        field.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
        #expect(field.inputAccessoryHeight == 44)
        #expect(field.intrinsicContentSize.height == UITextField.intrinsicHeight)
    }
}
