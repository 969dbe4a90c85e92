import Foundation
import HostKit

/// The seeds' sign-up screen: a logo, three text fields and two buttons stacked in an unbroken
/// chain of constraints, so the content view's height is defined by its content.
///
/// It fits an iPhone SE without the keyboard (647 pt of safe area) but not with it (387 pt),
/// the case ScrollingContentViewController's README starts from.
///
/// Heights (points): margins 32, logo 220, gap 24 after the logo and before the buttons,
/// fields 34 with 12 between them, buttons 44 with 12 between them:
/// 32 + 220 + 24 + 3·34 + 2·12 + 24 + 2·44 + 12 + 32 = 558.
@MainActor
public struct SignUpForm {
    /// The margin above the logo, below the last button and on both sides: 32 pt.
    public static let margin: CGFloat = 32
    /// The logo's height: 220 pt.
    public static let logoHeight: CGFloat = 220
    /// The gap after the logo and before the buttons: 24 pt.
    public static let sectionGap: CGFloat = 24
    /// The gap between two fields or two buttons: 12 pt.
    public static let rowGap: CGFloat = 12
    /// A button's height: 44 pt, UIKit's minimum touch target.
    public static let buttonHeight: CGFloat = 44
    /// A text field's height: HostKit's intrinsic 34 pt.
    public static let fieldHeight = UITextField.intrinsicHeight
    /// The form's natural height: 558 pt.
    public static let naturalHeight =
        margin + logoHeight + sectionGap + 3 * fieldHeight + 2 * rowGap
        + sectionGap + 2 * buttonHeight + rowGap + margin

    /// The content view.
    public let view = UIView()
    /// The logo at the top.
    public let logo = UIView()
    /// The name field, the first of the three.
    public let name = UITextField()
    /// The email field.
    public let email = UITextField()
    /// The password field, the lowest: the one the keyboard covers on an iPhone SE.
    public let password = UITextField()
    /// The Sign Up button.
    public let signUp = UIView()
    /// The Log In button, at the bottom.
    public let logIn = UIView()

    /// Builds the form. The bottom of the chain is `>=` with a 240 companion (SCVC's advice:
    /// just below the default hugging of 250), so a taller content view may stretch.
    public init() {
        view.name = "content"
        view.backgroundColor = UIColor(red: 1, green: 0.95, blue: 0.79, alpha: 1)
        logo.name = "logo"
        logo.backgroundColor = UIColor(red: 0.36, green: 0.55, blue: 0.95, alpha: 1)
        for (field, label) in [(name, "name"), (email, "email"), (password, "password")] {
            field.name = label
            field.placeholder = label.capitalized
            field.backgroundColor = UIColor(white: 1, alpha: 1)
        }
        signUp.name = "Sign Up"
        signUp.backgroundColor = UIColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1)
        logIn.name = "Log In"
        logIn.backgroundColor = UIColor(white: 0.85, alpha: 1)

        let rows: [(UIView, CGFloat?, CGFloat)] = [
            (logo, Self.logoHeight, Self.margin),
            (name, nil, Self.sectionGap),
            (email, nil, Self.rowGap),
            (password, nil, Self.rowGap),
            (signUp, Self.buttonHeight, Self.sectionGap),
            (logIn, Self.buttonHeight, Self.rowGap),
        ]
        var above = view.topAnchor
        for (subview, height, gap) in rows {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
            var constraints = [
                subview.topAnchor.constraint(equalTo: above, constant: gap),
                subview.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: Self.margin),
                subview.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -Self.margin),
            ]
            if let height { constraints.append(subview.heightAnchor.constraint(equalToConstant: height)) }
            NSLayoutConstraint.activate(constraints)
            above = subview.bottomAnchor
        }
        view.bottomAnchor.constraint(greaterThanOrEqualTo: above, constant: Self.margin).isActive = true
        let snug = view.bottomAnchor.constraint(equalTo: above, constant: Self.margin)
        snug.priority = UILayoutPriority(240)
        snug.isActive = true
    }

    /// The password field's top in the form's coordinates: 32 + 220 + 24 + 34 + 12 + 34 + 12 = 368.
    public static let passwordTop = margin + logoHeight + sectionGap + 2 * (fieldHeight + rowGap)
}
