// `swift run scrolling-demo`: the sign-up scenario (keyboard, AutoFill, rotation) on an
// iPhone SE, printed as a timeline and drawn as pictures; `--all` runs every example.
import ScrollingContentExamples

ExampleCommand.main(program: "scrolling-demo", defaults: [CodeExample.name])
