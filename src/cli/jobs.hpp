// src/cli/jobs.hpp: a job file read into the flags of the problem it names (see jobs.cpp).
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "settings.hpp"

namespace xcount::cli {

struct Job {
    std::string path;
    std::string name;  // the file's stem
    std::string spec;  // the problem: a model name or a DLX file
    std::string source;
    std::string cost;                                       // quick | long
    std::string description;                                // the file's leading comment lines, without the '#'
    std::vector<std::pair<std::string, std::string>> keys;  // its key = value lines, as written
    boost::program_options::variables_map values;
};

// Reads the job file at `path` for a command (count: what `run` and `verify` read);
// `overrides` are command-line flags that win over its keys. For another command the keys
// only count takes (expect, checkpoint, ...) are left out, and no `expect` is needed.
// InputError (naming the file) on anything wrong with it.
Job load_job(const std::string& path, const std::vector<std::string>& overrides, Command command = Command::count);

}  // namespace xcount::cli
