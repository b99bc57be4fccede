// File access for the readers: the real file system and an in-memory one with links.
// Links in memory follow the POSIX rule: a link's target replaces the path prefix it names.
#include "formats/common/file_system.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

namespace vtxc {

namespace fs = std::filesystem;

bool RealFileSystem::isFile(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

std::optional<std::uintmax_t> RealFileSystem::fileSize(const fs::path& path) {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) return std::nullopt;
    return size;
}

std::optional<std::string> RealFileSystem::readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return buffer.str();
}

fs::path RealFileSystem::resolveLinks(const fs::path& path) {
    std::error_code ec;
    fs::path resolved = fs::weakly_canonical(path, ec);
    if (ec) return fs::absolute(path, ec).lexically_normal();
    return resolved;
}

std::optional<std::vector<std::string>> RealFileSystem::listFolder(const fs::path& path) {
    constexpr std::size_t kMaxEntries = 100'000;
    std::error_code ec;
    fs::directory_iterator it(path.empty() ? fs::path(".") : path, ec);
    if (ec) return std::nullopt;
    std::vector<std::string> names;
    for (; it != fs::directory_iterator() && names.size() < kMaxEntries; it.increment(ec)) {
        if (ec) break;
        names.push_back(it->path().filename().string());
    }
    return names;
}

namespace {
// Memory paths are anchored at "/" so relative and absolute spellings compare alike.
fs::path anchored(const fs::path& path) {
    return (path.is_absolute() ? path : fs::path("/") / path).lexically_normal();
}
std::string keyOf(const fs::path& path) {
    return anchored(path).generic_string();
}
} // namespace

void MemoryFileSystem::addFile(const fs::path& path, std::string text) {
    files_[keyOf(path)] = std::move(text);
}

void MemoryFileSystem::addLink(const fs::path& link, const fs::path& target) {
    links_[keyOf(link)] = target;
}

bool MemoryFileSystem::isFile(const fs::path& path) {
    return files_.count(keyOf(resolveLinks(path))) > 0;
}

std::optional<std::uintmax_t> MemoryFileSystem::fileSize(const fs::path& path) {
    auto it = files_.find(keyOf(resolveLinks(path)));
    if (it == files_.end()) return std::nullopt;
    return it->second.size();
}

std::optional<std::string> MemoryFileSystem::readText(const fs::path& path) {
    auto it = files_.find(keyOf(resolveLinks(path)));
    if (it == files_.end()) return std::nullopt;
    return it->second;
}

fs::path MemoryFileSystem::resolveLinks(const fs::path& path) {
    // Rebuilds the path component by component; a prefix that is a link restarts from its target.
    // A bounded number of link steps keeps link loops from hanging.
    fs::path current = anchored(path);
    for (int step = 0; step < 40; ++step) {
        fs::path prefix;
        bool replaced = false;
        for (auto it = current.begin(); it != current.end(); ++it) {
            prefix /= *it;
            auto link = links_.find(keyOf(prefix));
            if (link == links_.end()) continue;
            fs::path rest;
            for (auto tail = std::next(it); tail != current.end(); ++tail)
                rest /= *tail;
            fs::path target =
                link->second.is_absolute() ? link->second : prefix.parent_path() / link->second;
            current = (rest.empty() ? target : target / rest).lexically_normal();
            replaced = true;
            break;
        }
        if (!replaced) break;
    }
    return current;
}

std::optional<std::vector<std::string>> MemoryFileSystem::listFolder(const fs::path& path) {
    std::string prefix = keyOf(resolveLinks(path));
    if (prefix.back() != '/') prefix += '/';
    std::vector<std::string> names;
    auto collect = [&](const std::string& key) {
        if (!key.starts_with(prefix) || key.size() == prefix.size()) return;
        std::string name = key.substr(prefix.size());
        name = name.substr(0, name.find('/'));
        if (names.empty() || names.back() != name) names.push_back(name);
    };
    for (const auto& [key, text] : files_)
        collect(key);
    for (const auto& [key, target] : links_)
        collect(key);
    if (names.empty()) return std::nullopt;
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

} // namespace vtxc
