import MorphKit

print("morph: subcommands arrive with their issues")
