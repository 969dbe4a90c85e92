import HostKit
print("placeholder")
