// SCVC's ManagerExample; the code is in Examples/Scenarios/ManagerExample.swift.
import ExampleScenarios

ExampleCommand.main(program: "ManagerExample", defaults: [ManagerExample.name])
