import ConstraintSolver
print("placeholder")
