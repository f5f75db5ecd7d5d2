/// A completion script for a shell, made from the command table: every
/// command, its options and their values, and the store's servers and
/// accounts, which the script asks the tool for (`completion --values`)
/// each time it completes `--server` or `--account`.
///
/// The scripts run the tool by the name the line started with (a path
/// works too), and pass it a `--store` the line gives.
package struct CompletionScript {
    /// The shells a script is made for.
    package enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    package let shell: Shell
    /// The language of the descriptions (zsh and fish show them).
    package let language: Language

    package init(shell: Shell, language: Language) {
        self.shell = shell
        self.language = language
    }

    /// The script.
    package var text: String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    private var commands: [CommandSpec] { CommandTable.specs }
    private var globals: [OptionSpec] { CommandSpec.globalOptions }

    private func describe(_ key: MessageKey) -> String { Message(key).text(in: language) }

    /// Every name an option is written with: `--name`, its aliases, `-x`.
    private static func names(_ option: OptionSpec) -> [String] {
        ["--" + option.name] + option.aliases.map { "--" + $0 } + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// `word` in single quotes for a POSIX shell or fish.
    private static func quoted(_ word: String) -> String {
        "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// fish's single quotes: a backslash and a quote escaped.
    private static func fishQuoted(_ word: String) -> String {
        "'" + word.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    // MARK: bash

    private var bash: String {
        var lines = [
            "# bash completion for session-cli, made by 'session-cli completion bash' from its command",
            "# table. Source it, or install it as /usr/share/bash-completion/completions/session-cli.",
            "",
            "_session_cli_values() {",
            "    local store=\"\" i",
            "    for ((i = 1; i < ${#_session_cli_words[@]}; i++)); do",
            "        case \"${_session_cli_words[i]}\" in",
            "            --store) store=\"${_session_cli_words[i + 1]}\" ;;",
            "            --store=*) store=\"${_session_cli_words[i]#--store=}\" ;;",
            "        esac",
            "    done",
            "    \"${_session_cli_words[0]}\" ${store:+--store \"$store\"} completion --values \"$1\" 2>/dev/null",
            "}",
            "",
            "_session_cli() {",
            "    local line=\"${COMP_LINE:0:COMP_POINT}\" cur prev command=\"\" prefix=\"\" i candidate",
            "    local -a words candidates",
            "    read -r -a words <<<\"$line\"",
            "    [[ \"$line\" =~ [[:space:]]$ || ${#words[@]} -eq 0 ]] && words+=(\"\")",
            "    _session_cli_words=(\"${words[@]}\")",
            "    cur=\"${words[${#words[@]} - 1]}\"",
            "    prev=\"\"",
            "    ((${#words[@]} > 1)) && prev=\"${words[${#words[@]} - 2]}\"",
        ]
        lines += findCommand(from: "1", below: "${#words[@]} - 1")
        lines += [
            "    if [[ \"$cur\" == --*=* ]]; then",
            "        prev=\"${cur%%=*}\"",
            "        prefix=\"$prev=\"",
            "        cur=\"${cur#*=}\"",
            "    fi",
            "    case \"$command:$prev\" in",
        ]
        for (pattern, completion) in valueCases() {
            lines.append("        \(pattern))")
            switch completion {
            case .choices(let words):
                lines.append("            candidates=(\(words.map(Self.quoted).joined(separator: " "))) ;;")
            case .file:
                lines.append("            compopt -o filenames 2>/dev/null")
                lines.append("            mapfile -t candidates < <(compgen -f -- \"$cur\") ;;")
            case .server:
                lines.append("            mapfile -t candidates < <(_session_cli_values server) ;;")
            case .account:
                lines.append("            mapfile -t candidates < <(_session_cli_values account) ;;")
            case .none:
                lines.append("            return 0 ;;")
            }
        }
        lines += [
            "        *)",
            "            if [[ -n \"$prefix\" ]]; then return 0; fi",
            "            case \"$command\" in",
            "                \"\")",
            "                    if [[ \"$cur\" == -* ]]; then",
            "                        candidates=(\(globalWords.map(Self.quoted).joined(separator: " ")))",
            "                    else",
            "                        candidates=(\(commands.map { Self.quoted($0.name) }.joined(separator: " ")))",
            "                    fi ;;",
        ]
        for spec in commands {
            let options = (spec.options + globals).flatMap(Self.names) + ["--help"]
            lines.append("                \(Self.quoted(spec.name)))")
            if spec.argumentChoices.isEmpty {
                lines.append(
                    "                    candidates=(\(options.map(Self.quoted).joined(separator: " "))) ;;")
            } else {
                lines += [
                    "                    if [[ \"$cur\" == -* ]]; then",
                    "                        candidates=(\(options.map(Self.quoted).joined(separator: " ")))",
                    "                    else",
                    "                        candidates=(\(spec.argumentChoices.map(Self.quoted).joined(separator: " ")))",
                    "                    fi ;;",
                ]
            }
        }
        lines += [
            "                *) return 0 ;;",
            "            esac ;;",
            "    esac",
            "    # What bash already took as typed before its own current word (it breaks words at : and =)",
            "    # is taken off each candidate, so a URL completes whole.",
            "    local typed=\"${COMP_WORDS[COMP_CWORD]}\"",
            "    local before=\"$prefix$cur\"",
            "    [[ \"$typed\" == \"=\" || \"$typed\" == \":\" ]] && typed=\"\"",
            "    before=\"${before%\"$typed\"}\"",
            "    COMPREPLY=()",
            "    for candidate in \"${candidates[@]}\"; do",
            "        [[ \"$candidate\" == \"$cur\"* ]] || continue",
            "        candidate=\"$prefix$candidate\"",
            "        COMPREPLY+=(\"${candidate#\"$before\"}\")",
            "    done",
            "    return 0",
            "}",
            "",
            "complete -F _session_cli session-cli",
        ]
        return lines.joined(separator: "\n")
    }

    /// bash or zsh lines that set `command` to the first word, from the
    /// `from`th, that is neither an option nor a global option's value.
    private func findCommand(from first: String, below end: String) -> [String] {
        [
            "    for ((i = \(first); i < \(end); i++)); do",
            "        case \"${words[i]}\" in",
            "            \(valueTakingGlobals(separator: "|"))) ((i++)) ;;",
            "            -*) ;;",
            "            *) command=\"${words[i]}\"; break ;;",
            "        esac",
            "    done",
        ]
    }

    /// The global options that take a value, as a case pattern.
    private func valueTakingGlobals(separator: String) -> String {
        globals.filter(\.takesValue).flatMap(Self.names).joined(separator: separator)
    }

    /// `-h`, `--help`, `--version` and the global options: what completes before a command.
    private var globalWords: [String] {
        globals.flatMap(Self.names) + ["--help", "--version"]
    }

    /// `command:--option` patterns and what completes their value: each
    /// command's options that take one, then the global ones for any command.
    private func valueCases() -> [(pattern: String, completion: OptionSpec.Completion)] {
        var cases: [(String, OptionSpec.Completion)] = []
        for spec in commands {
            for option in spec.options where option.takesValue {
                cases.append(
                    (
                        Self.names(option).map { "\(Self.quoted(spec.name)):\($0)" }.joined(separator: "|"),
                        option.completion
                    ))
            }
        }
        for option in globals where option.takesValue {
            cases.append((Self.names(option).map { "*:\($0)" }.joined(separator: "|"), option.completion))
        }
        return cases
    }

    // MARK: zsh

    private var zsh: String {
        var lines = [
            "#compdef session-cli",
            "# zsh completion for session-cli, made by 'session-cli completion zsh' from its command table.",
            "# Put it in a folder of $fpath as _session-cli, or source it after compinit.",
            "",
            "_session_cli_values() {",
            "    local store=\"\" i",
            "    for ((i = 2; i <= $#words; i++)); do",
            "        case \"${words[i]}\" in",
            "            --store) store=\"${words[i + 1]}\" ;;",
            "            --store=*) store=\"${words[i]#--store=}\" ;;",
            "        esac",
            "    done",
            "    \"${words[1]}\" ${store:+--store} ${store:+\"$store\"} completion --values \"$1\" 2>/dev/null",
            "}",
            "",
            "_session_cli() {",
            "    local cur=\"${words[CURRENT]}\" prev=\"${words[CURRENT - 1]}\" command=\"\" i",
            "    local -a candidates described",
        ]
        lines += findCommand(from: "2", below: "CURRENT")
        lines += [
            "    if [[ \"$cur\" == --*=* ]]; then",
            "        prev=\"${cur%%=*}\"",
            "        compset -P '*='",
            "    fi",
            "    case \"$command:$prev\" in",
        ]
        for (pattern, completion) in valueCases() {
            lines.append("        \(pattern))")
            switch completion {
            case .choices(let words):
                lines.append(
                    "            compadd -- \(words.map(Self.quoted).joined(separator: " ")); return ;;")
            case .file: lines.append("            _files; return ;;")
            case .server:
                lines.append(
                    "            candidates=(${(f)\"$(_session_cli_values server)\"}); compadd -a candidates; return ;;"
                )
            case .account:
                lines.append(
                    "            candidates=(${(f)\"$(_session_cli_values account)\"}); compadd -a candidates; return ;;"
                )
            case .none: lines.append("            return 1 ;;")
            }
        }
        lines += [
            "    esac", "    case \"$command\" in", "        \"\")",
            "            if [[ \"$cur\" == -* ]]; then",
        ]
        lines.append("                described=(\(globalDescribed.map(Self.quoted).joined(separator: " ")))")
        lines += [
            "                _describe -t options option described",
            "            else",
            "                described=(\(commands.map { Self.quoted($0.name + ":" + Self.zshDescription(describe($0.summary))) }.joined(separator: " ")))",
            "                _describe -t commands command described",
            "            fi ;;",
        ]
        for spec in commands {
            let described = (spec.options + globals).flatMap { option in
                Self.names(option).map { $0 + ":" + Self.zshDescription(describe(option.help)) }
            }
            lines.append("        \(Self.quoted(spec.name)))")
            lines.append(
                "            if [[ \"$cur\" == -* || -z \"\(spec.argumentChoices.isEmpty ? "" : "x")\" ]]; then"
            )
            lines.append("                described=(\(described.map(Self.quoted).joined(separator: " ")))")
            lines.append("                _describe -t options option described")
            if !spec.argumentChoices.isEmpty {
                lines.append("            else")
                lines.append(
                    "                compadd -- \(spec.argumentChoices.map(Self.quoted).joined(separator: " "))"
                )
            }
            lines.append("            fi ;;")
        }
        lines += ["    esac", "}", "", "compdef _session_cli session-cli"]
        return lines.joined(separator: "\n")
    }

    private var globalDescribed: [String] {
        globals.flatMap { option in
            Self.names(option).map { $0 + ":" + Self.zshDescription(describe(option.help)) }
        }
            + [
                "--help:" + Self.zshDescription(describe(.optionHelp)),
                "--version:" + Self.zshDescription(describe(.optionVersion)),
            ]
    }

    /// A description as `_describe` reads it: a colon escaped.
    private static func zshDescription(_ text: String) -> String {
        text.replacing(":", with: "\\:")
    }

    // MARK: fish

    private var fish: String {
        var lines = [
            "# fish completion for session-cli, made by 'session-cli completion fish' from its command table.",
            "# Install it as ~/.config/fish/completions/session-cli.fish.",
            "",
            "function __session_cli_values",
            "    set -l words (commandline -opc)",
            "    set -l store",
            "    for i in (seq (count $words))",
            "        if test \"$words[$i]\" = --store; and test $i -lt (count $words)",
            "            set store --store $words[(math $i + 1)]",
            "        else if string match -q -- '--store=*' $words[$i]",
            "            set store --store (string replace -- '--store=' '' $words[$i])",
            "        end",
            "    end",
            "    $words[1] $store completion --values $argv[1] 2>/dev/null",
            "end",
            "",
            "complete -c session-cli -f",
        ]
        let names = commands.map(\.name).joined(separator: " ")
        for spec in commands {
            lines.append(
                "complete -c session-cli -n \"not __fish_seen_subcommand_from \(names)\" -a \(Self.fishQuoted(spec.name)) -d \(Self.fishQuoted(describe(spec.summary)))"
            )
        }
        for option in globals {
            lines += fishLines(option, condition: "")
        }
        lines.append("complete -c session-cli -l help -s h -d \(Self.fishQuoted(describe(.optionHelp)))")
        lines.append(
            "complete -c session-cli -n \"not __fish_seen_subcommand_from \(names)\" -l version -d \(Self.fishQuoted(describe(.optionVersion)))"
        )
        for spec in commands {
            let condition = " -n \"__fish_seen_subcommand_from \(spec.name)\""
            for option in spec.options {
                lines += fishLines(option, condition: condition)
            }
            if !spec.argumentChoices.isEmpty {
                lines.append(
                    "complete -c session-cli" + condition
                        + " -a \(Self.fishQuoted(spec.argumentChoices.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `complete` lines for an option: `-l name -s x`, what completes its
    /// value, and its description; one more line for each alias.
    private func fishLines(_ option: OptionSpec, condition: String) -> [String] {
        var value = ""
        switch option.completion {
        case .none: value = option.takesValue ? " -x" : ""
        case .choices(let words): value = " -x -a \(Self.fishQuoted(words.joined(separator: " ")))"
        case .file: value = " -r -F"
        case .server: value = " -x -a '(__session_cli_values server)'"
        case .account: value = " -x -a '(__session_cli_values account)'"
        }
        let description = " -d \(Self.fishQuoted(describe(option.help)))"
        let short = option.short.map { " -s \($0)" } ?? ""
        return ["complete -c session-cli\(condition) -l \(option.name)\(short)\(value)\(description)"]
            + option.aliases.map { "complete -c session-cli\(condition) -l \($0)\(value)\(description)" }
    }
}
