// A service that imports MorphKit gets the value core's types too (geometry, springs, scenes,
// display lists, text): one import, as before the core was its own module.
@_exported import MorphCore
