import Foundation

// `morph`: a dispatch table of subcommands, one file each. To add one, write a
// `Subcommand` value beside `SpringCommand.swift` and list it here.
let subcommands: [Subcommand] = [
    SpringCommand.subcommand,
    ExportCommand.subcommand,
    ReplayCommand.subcommand,
    CheckCommand.subcommand,
    ExploreCommand.subcommand,
    PlotCommand.subcommand,
    RenderCommand.subcommand,
    CurtainCommand.subcommand,
    NewCommand.subcommand,
]

exit(Subcommand.dispatch(Array(CommandLine.arguments.dropFirst()), among: subcommands))
