/// UIKit's `UIUserInterfaceLevel`: whether content sits on the window's own surface or is
/// raised above it. A system background colour resolves by level as well as by scheme.
///
/// Apple, `UITraitCollection.userInterfaceLevel`: "Window content typically appears at the
/// base level. When you want parts of your UI to stand out from the underlying background,
/// assign the elevated level to them. For example, the system assigns the elevated level to
/// alerts and popovers"; a sheet's presented content is elevated the same way (its
/// `systemBackground` is #1C1C1E in dark appearance, not the window's black).
public enum UserInterfaceLevel: String, Hashable, Sendable, CaseIterable {
    /// The window's main content.
    case base
    /// Content visually above the window's main content: a sheet, an alert, a popover.
    case elevated
}
