#include "json.hpp"

#include <cstdio>

namespace xcount::cli {

std::string json_quote(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += ch;
                }
        }
    }
    return out + "\"";
}

JsonObject& JsonObject::put(const std::string& key, const std::string& encoded) {
    if (body_.size() > 1) body_ += ", ";
    body_ += json_quote(key) + ": " + encoded;
    return *this;
}

JsonObject& JsonObject::field(const std::string& key, const std::string& text) { return put(key, json_quote(text)); }
JsonObject& JsonObject::field(const std::string& key, Count number) { return put(key, to_string(number)); }
JsonObject& JsonObject::exact(const std::string& key, Count number) { return field(key, number).field(key + "_exact", to_string(number)); }
JsonObject& JsonObject::field(const std::string& key, int number) { return put(key, std::to_string(number)); }
JsonObject& JsonObject::field(const std::string& key, bool value) { return put(key, value ? "true" : "false"); }
JsonObject& JsonObject::raw(const std::string& key, const std::string& json) { return put(key, json); }

JsonObject& JsonObject::field(const std::string& key, double number) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", number);
    return put(key, buf);
}

}  // namespace xcount::cli
