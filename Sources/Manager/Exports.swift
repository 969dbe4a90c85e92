// The policies are part of this module's API: `manager.keyboardResizePolicy = .resizeContent`
// should not need a second import.
@_exported import ScrollingPlugins
