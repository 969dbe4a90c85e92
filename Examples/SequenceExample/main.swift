// SCVC's SequenceExample; the code is in Examples/Scenarios/SequenceExample.swift.
import ExampleScenarios

ExampleCommand.main(program: "SequenceExample", defaults: [SequenceExample.name])
