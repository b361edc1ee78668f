// problems/registry.hpp: the built-in models, and how a problem named on the command line
// becomes a Problem.
//
// Adding a model: write problems/NAME.{hpp,cpp} with a make_NAME(parameters) function, then add
// one entry to the table in registry.cpp declaring its flags and calling make_NAME.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "problem.hpp"

namespace xcount {

struct Model {
    std::string name;
    std::string summary;
    void (*declare)(boost::program_options::options_description& options);
    Problem (*build)(const boost::program_options::variables_map& values);
};

const std::vector<Model>& models();
const Model* find_model(const std::string& name);

// `spec` is a model name or a DLX file path. A model reads its own flags from `values`.
Problem load_problem(const std::string& spec, const boost::program_options::variables_map& values);

}  // namespace xcount
