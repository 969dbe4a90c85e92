// SCVC's OutletExample; the code is in Examples/Scenarios/OutletExample.swift.
import ExampleScenarios

ExampleCommand.main(program: "OutletExample", defaults: [OutletExample.name])
