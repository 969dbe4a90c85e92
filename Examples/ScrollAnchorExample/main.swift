// The DoorDash article's programmatic scrolling; the code is in Examples/Scenarios/ScrollAnchorExample.swift.
import ExampleScenarios

ExampleCommand.main(program: "ScrollAnchorExample", defaults: [ScrollAnchorExample.name])
