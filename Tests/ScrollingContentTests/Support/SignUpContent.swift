import Foundation
import HostKit

/// The seeds' sign-up screen, built in code: a logo, email and password fields and two
/// buttons stacked with constraints — an unbroken chain from the content view's top to its
/// bottom, so its height is defined.
///
/// Heights (points): margin 20, logo 160, spacing 16, fields 34 (HostKit's text field),
/// buttons 44. Total = 20 + 160 + 16 + 34 + 16 + 34 + 16 + 44 + 16 + 44 + 20 = 420.
@MainActor
struct SignUpContent {
    static let margin: CGFloat = 20
    static let spacing: CGFloat = 16
    static let logoHeight: CGFloat = 160
    static let buttonHeight: CGFloat = 44
    static let fieldHeight = UITextField.intrinsicHeight
    /// The content's natural height.
    static let height =
        margin + logoHeight + spacing + fieldHeight + spacing + fieldHeight + spacing
        + buttonHeight + spacing + buttonHeight + margin

    let view = UIView()
    let logo = UIView()
    let email = UITextField()
    let password = UITextField()
    let signUp = UIView()
    let logIn = UIView()

    /// The password field's frame in the content view's coordinates.
    static let passwordFrameMinY = margin + logoHeight + spacing + fieldHeight + spacing

    init() {
        view.name = "content"
        logo.name = "logo"
        email.name = "email"
        password.name = "password"
        signUp.name = "sign up"
        logIn.name = "log in"
        var previousBottom = view.topAnchor
        var constant = Self.margin
        for (subview, height) in [
            (logo, Self.logoHeight), (email, nil), (password, nil),
            (signUp, Self.buttonHeight), (logIn, Self.buttonHeight),
        ] as [(UIView, CGFloat?)] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
            var constraints = [
                subview.topAnchor.constraint(equalTo: previousBottom, constant: constant),
                subview.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: Self.margin),
                subview.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -Self.margin),
            ]
            if let height { constraints.append(subview.heightAnchor.constraint(equalToConstant: height)) }
            NSLayoutConstraint.activate(constraints)
            previousBottom = subview.bottomAnchor
            constant = Self.spacing
        }
        // The last link of the chain, at 240 so a stretched content view may grow beyond it
        // (SCVC's README suggests 240: below the default hugging of 250).
        let bottom = view.bottomAnchor.constraint(greaterThanOrEqualTo: previousBottom, constant: Self.margin)
        bottom.isActive = true
        let tight = view.bottomAnchor.constraint(equalTo: previousBottom, constant: Self.margin)
        tight.priority = UILayoutPriority(240)
        tight.isActive = true
    }
}
