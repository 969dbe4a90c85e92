import Foundation

/// A single-line text input (`UITextField`), for first-responder and keyboard scenarios.
///
/// HostKit draws no text; what matters is geometry and focus. A text field is 34 points tall
/// by intrinsic size (UIKit's rounded-rect field with the 17 pt system font) and has no
/// intrinsic width: constrain its width. Becoming first responder (it must be in a window)
/// presents the window's ``Keyboard`` with the screen's height for the orientation plus the
/// ``inputAccessoryView``'s height.
@MainActor
open class UITextField: UIView {
    /// The intrinsic height: 34 points, UIKit's rounded-rect text field with the 17 pt system
    /// font.
    public static let intrinsicHeight: CGFloat = 34

    /// The text; `nil` by default.
    public var text: String?

    /// The text shown while ``text`` is empty; `nil` by default.
    public var placeholder: String?

    /// Whether the field accepts focus; `true` by default. A disabled field cannot become
    /// first responder.
    public var isEnabled = true

    private var storedInputAccessoryView: UIView?

    /// Posted on `NotificationCenter.default`, with the field as the object, when it becomes
    /// first responder (`UITextField.textDidBeginEditingNotification`).
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")

    /// Posted on `NotificationCenter.default`, with the field as the object, when it stops being
    /// first responder (`UITextField.textDidEndEditingNotification`).
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    /// Creates a text field.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// `noIntrinsicMetric` wide, ``intrinsicHeight`` tall.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.intrinsicHeight)
    }

    /// `true` while ``isEnabled``.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// A view shown on top of the keyboard while this field is first responder
    /// (`UITextField.inputAccessoryView`); `nil` by default. Its height — its frame's, or its
    /// intrinsic height when the frame has none — adds to the keyboard's. A change while the
    /// field is first responder takes effect at ``UIView/reloadInputViews()``, as in UIKit.
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
}
