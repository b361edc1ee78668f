// problems/problem.hpp: what a model hands to the engine.
//
// A model is a function from its parameters to a Problem: the matrix, a name that says which
// instance it is, and optionally a renderer that turns a solution (its option ids) into text
// a person can read. The engine only ever sees `matrix`.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/matrix.hpp"

namespace xcount {

struct Problem {
    std::string name;
    Matrix matrix;
    std::function<std::string(std::span<const OptionId>)> render = {};  // may be empty
    std::vector<std::string> notes = {};  // facts for --verbose (orientations per piece, ...)
    // Every solution of the problem is found this many times by the search (labelled copies
    // of identical pieces); the reported totals are the search's divided by it.
    Count overcount = 1;
};

}  // namespace xcount
