import MorphServer

print("morphd: not wired yet (lws pre \(lwsPreBytes))")
