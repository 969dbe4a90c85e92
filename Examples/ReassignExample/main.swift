// SCVC's ReassignExample; the code is in Examples/Scenarios/ReassignExample.swift.
import ExampleScenarios

ExampleCommand.main(program: "ReassignExample", defaults: [ReassignExample.name])
