// The smallest static Swift program: what starting the Swift runtime costs.
print("ok")
