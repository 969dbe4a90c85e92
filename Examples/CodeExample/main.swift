// SCVC's CodeExample: subclassing ScrollingContentViewController, content built in code.
// The code is in Examples/Scenarios/CodeExample.swift.
import ExampleScenarios

ExampleCommand.main(program: "CodeExample", defaults: [CodeExample.name])
