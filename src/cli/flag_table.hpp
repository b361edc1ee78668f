// src/cli/flag_table.hpp: every flag of every command, and every job-file key, in one table.
//
// A row says the flag's name, the type of its value, its default, the range of an integer,
// its help text, the commands that take it and where its value goes (the Settings field it
// fills). From the table come the flags registered with Boost.Program_options, the range checks,
// reading the values into Settings, `--help`, and the flag tables of README.md and docs/flags.md
// (a test fails when those differ from it). A flag whose meaning differs between commands has a
// row for each. Adding an option is adding a row, and using its field.
#pragma once

#include <boost/program_options.hpp>
#include <span>
#include <string>
#include <vector>

namespace xcount::cli {

// Where a flag is taken: the commands, and the keys of a job file.
enum Scope : unsigned {
    kCount = 1u << 0,
    kSolve = 1u << 1,
    kShow = 1u << 2,
    kEstimate = 1u << 3,
    kExport = 1u << 4,
    kMerge = 1u << 5,
    kVerify = 1u << 6,
    kGenerate = 1u << 7,
    kJob = 1u << 8,  // a key of a job file (besides every count flag and the model's flags)
    kStatus = 1u << 9,
};

enum class FlagType { toggle, integer, real, text, texts };

struct Settings;
// Puts a flag's value (present, or its default) into its field: an integer already within the
// row's range; anything else checked here (InputError naming the flag).
using Store = void (*)(Settings&, const boost::program_options::variable_value&);

struct Flag {
    const char* name;  // the long name, then ",c" for a one-letter form: "threads,t"
    FlagType type;
    const char* value_name;  // what the value is, in the tables: "N", "FILE", ...
    const char* fallback;    // the default, as typed (nullptr: none)
    long long low, high;     // an integer's range
    const char* help;
    unsigned scopes;
    Store store;            // nullptr: read by its command itself (verify, generate, status, a job's keys, a model's)
    bool required = false;  // a value must be given (a model's parameters: --n, --pieces, --board)
};

std::span<const Flag> flag_table();

// The row for --name in this scope (std::logic_error when there is none: a bug).
const Flag& flag_in(unsigned scope, const std::string& name);

// The flags of one scope, for Boost.Program_options.
boost::program_options::options_description flags_of(unsigned scope);
// The given rows' flags (a model's), under a heading.
boost::program_options::options_description flags_of(std::span<const Flag> rows, const std::string& heading);
// A command's arguments read against its flags, with up to `words` positional words (-1: any
// number) stored as `word` (none when word is null). A word more is refused by name:
// "unexpected argument 'W'".
boost::program_options::variables_map read_arguments(const std::vector<std::string>& args,
                                                     const boost::program_options::options_description& flags, const char* word = nullptr,
                                                     int words = 0);
// An integer flag's value against its row's range: InputError "--NAME must be between LOW and
// HIGH, not V" otherwise.
void check_range(const Flag& row, long long value);

// --name as an integer, InputError unless it lies in its row's range (which its help states).
long long ranged_flag(const boost::program_options::variables_map& values, unsigned scope, const std::string& name);

// Every row of the scope whose flag has a value (given, or its default) stored into `settings`.
void store_flags(unsigned scope, const boost::program_options::variables_map& values, Settings& settings);

// The scope's flags as a Markdown table (flag, meaning); with `commands`, a column naming the
// commands that take each.
std::string markdown_flags(unsigned scope, bool commands = false);

}  // namespace xcount::cli
