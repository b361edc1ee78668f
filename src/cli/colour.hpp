// src/cli/colour.hpp: coloured letters for the text pictures on a terminal.
//
// Every letter or digit of a picture gets a background colour chosen by the character, so the
// cells of one piece (drawn with one letter) show as one coloured patch; dots and spaces stay
// plain. --color auto colours only when the output is a terminal.
#pragma once

#include <cstdio>
#include <string>

#include "settings.hpp"

namespace xcount::cli {

bool colour_wanted(ColourMode mode, std::FILE* stream);

std::string coloured(const std::string& picture);

// The picture as it goes to `stream`: coloured when `mode` says so for that stream.
std::string for_stream(const std::string& picture, ColourMode mode, std::FILE* stream);

}  // namespace xcount::cli
