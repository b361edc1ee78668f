// src/cli/registry.hpp: the built-in models, and how a problem named on the command line
// becomes a Problem.
//
// Adding a model: write problems/NAME.{hpp,cpp} with a make_NAME(parameters) function, then add
// one entry to the table in registry.cpp: its flags as rows (as in the flag table: name, type,
// default, range, help), and a call of make_NAME with their values.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <functional>
#include <vector>

#include "flag_table.hpp"
#include "problem.hpp"

namespace xcount {

// How big a matrix will be, known before it is built (an upper bound where not exact).
struct MatrixSize {
    double options = 0, nodes = 0, items = 0;
};

// One problem of an input that holds many (a puzzle of a --givens-file): where it is (a line
// of the file) and its own text, which the model builds on its own.
struct Instance {
    std::string where;
    std::string text;
};

struct Model {
    std::string name;
    std::string summary;
    // Its flags, rows like the flag table's (an integer's range is checked before the model
    // builds or sizes anything; scopes and store are not used: the model reads its values).
    std::vector<cli::Flag> flags;
    Problem (*build)(const boost::program_options::variables_map& values);
    MatrixSize (*estimate)(const boost::program_options::variables_map& values);
    // For a model whose input may hold many problems: them, when it holds more than one (else
    // empty, and `build` builds the one), and how to build one of them.
    std::vector<Instance> (*instances)(const boost::program_options::variables_map& values) = nullptr;
    Problem (*build_instance)(const boost::program_options::variables_map& values, const Instance& instance) = nullptr;
};

const std::vector<Model>& models();
const Model* find_model(const std::string& name);
// The model's flags, for Boost.Program_options, under the heading "NAME options".
boost::program_options::options_description model_flags(const Model& model);

// The size of the matrix `spec` would build, without building it: from the model's
// parameters, or from a DLX file's length (a node takes at least two bytes of text).
MatrixSize estimate_problem(const std::string& spec, const boost::program_options::variables_map& values);

// Called with the size of a matrix about to be built from one already read (a DLX file's
// multiplicities expanded for an engine that does not take them); throws to refuse it.
using SizeCheck = std::function<void(const MatrixSize&)>;

// `spec` is a model name or a DLX file path. A model reads its own flags from `values`.
Problem load_problem(const std::string& spec, const boost::program_options::variables_map& values, const SizeCheck& check_size = {});

}  // namespace xcount
