#include "colour.hpp"

#include <unistd.h>

#include <cctype>
#include <cstdlib>

namespace xcount::cli {

bool colour_wanted(ColourMode mode, std::FILE* stream) {
    // NO_COLOR (no-color.org): set and not empty, no colour unless asked for with --color always.
    const char* no_colour = std::getenv("NO_COLOR");
    if (mode == ColourMode::automatic) return isatty(fileno(stream)) != 0 && (no_colour == nullptr || *no_colour == '\0');
    return mode == ColourMode::always;
}

std::string coloured(const std::string& picture) {
    // Light backgrounds of the xterm 256-colour cube that black text reads well on.
    static constexpr int kBackgrounds[] = {210, 150, 228, 117, 215, 183, 123, 219, 191, 224, 73,  189,
                                           180, 159, 222, 146, 156, 218, 187, 111, 229, 152, 217, 147};
    constexpr unsigned kCount = sizeof kBackgrounds / sizeof kBackgrounds[0];
    std::string out;
    for (char c : picture) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            out += c;
            continue;
        }
        const int background = kBackgrounds[static_cast<unsigned char>(c) % kCount];
        out += "\033[30;48;5;" + std::to_string(background) + "m" + c + "\033[0m";
    }
    return out;
}

std::string for_stream(const std::string& picture, ColourMode mode, std::FILE* stream) {
    return colour_wanted(mode, stream) ? coloured(picture) : picture;
}

}  // namespace xcount::cli
