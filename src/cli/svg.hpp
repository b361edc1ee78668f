// src/cli/svg.hpp: a Picture (problems/picture.hpp) as SVG: each piece a coloured outline
// with its name, grids as squares with their labels, panels side by side. The text is one
// <svg> element, so it is a file of its own or goes inline into an HTML page.
#pragma once

#include <string>

#include "picture.hpp"

namespace xcount::cli {

// `fit` > 0: the drawing is scaled down (never up) to fit a fit x fit pixel box.
std::string svg_of(const Picture& picture, const std::string& title, double fit = 0);

// Text with &, <, >, " and ' escaped, for XML and HTML.
std::string xml_escape(const std::string& text);

}  // namespace xcount::cli
