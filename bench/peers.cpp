// SPDX-License-Identifier: MIT OR Apache-2.0
#include "peers.h"

#include <curl/curl.h>
#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <boost/version.hpp>

namespace irikit::bench {

bool boost_url_parse_uri_reference(std::string_view line) noexcept {
  return boost::urls::parse_uri_reference(boost::urls::string_view(line.data(), line.size())).has_value();
}

bool uriparser_parse(std::string_view line) noexcept {
  UriUriA uri;
  const char* error_pos = nullptr;
  const int rc = uriParseSingleUriExA(&uri, line.data(), line.data() + line.size(), &error_pos);
  if (rc == URI_SUCCESS) uriFreeUriMembersA(&uri);
  return rc == URI_SUCCESS;
}

namespace {
struct curl_handle {
  CURLU* url;
  curl_handle() {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    url = curl_url();
  }
  ~curl_handle() {
    curl_url_cleanup(url);
    curl_global_cleanup();
  }
};
}  // namespace

bool curl_url_parse(std::string_view line) noexcept {
  static curl_handle handle;
  return curl_url_set(handle.url, CURLUPART_URL, line.data(), CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK;
}

bool boost_url_decode(std::string_view line, std::string& out) noexcept {
  const auto r = boost::urls::parse_uri_reference(boost::urls::string_view(line.data(), line.size()));
  if (!r) return false;
  const boost::urls::url_view& u = *r;
  out.clear();
  const boost::urls::encoding_opts opts;
  if (u.has_scheme()) {
    out.append(u.scheme());
    out.push_back(':');
  }
  if (u.has_authority()) {
    out.append("//");
    u.encoded_authority().decode(opts, boost::urls::string_token::append_to(out));
  }
  u.encoded_path().decode(opts, boost::urls::string_token::append_to(out));
  if (u.has_query()) {
    out.push_back('?');
    u.encoded_query().decode(opts, boost::urls::string_token::append_to(out));
  }
  if (u.has_fragment()) {
    out.push_back('#');
    u.encoded_fragment().decode(opts, boost::urls::string_token::append_to(out));
  }
  return true;
}

bool curl_unescape(std::string_view line, std::string& out) noexcept {
  int length = 0;
  char* decoded = curl_easy_unescape(nullptr, line.data(), static_cast<int>(line.size()), &length);
  if (decoded == nullptr) return false;
  out.assign(decoded, static_cast<std::size_t>(length));
  curl_free(decoded);
  return true;
}

bool uriparser_unescape(std::string_view line, std::string& out) noexcept {
  out.assign(line);  // keeps a NUL after the last character
  const char* end = uriUnescapeInPlaceExA(out.data(), URI_FALSE, URI_BR_DONT_TOUCH);
  out.resize(static_cast<std::size_t>(end - out.data()));
  return true;
}

bool boost_url_resolve(std::string_view base, std::string_view ref, std::string& out) noexcept {
  static thread_local boost::urls::url target;
  const auto b = boost::urls::parse_uri(boost::urls::string_view(base.data(), base.size()));
  if (!b) return false;
  const auto r = boost::urls::parse_uri_reference(boost::urls::string_view(ref.data(), ref.size()));
  if (!r) return false;
  if (!boost::urls::resolve(*b, *r, target)) return false;
  out.assign(target.buffer().data(), target.buffer().size());
  return true;
}

bool uriparser_resolve(std::string_view base, std::string_view ref, std::string& out) noexcept {
  UriUriA b, r, t;
  const char* error_pos = nullptr;
  if (uriParseSingleUriExA(&b, base.data(), base.data() + base.size(), &error_pos) != URI_SUCCESS)
    return false;
  if (uriParseSingleUriExA(&r, ref.data(), ref.data() + ref.size(), &error_pos) != URI_SUCCESS) {
    uriFreeUriMembersA(&b);
    return false;
  }
  const bool resolved = uriAddBaseUriExA(&t, &r, &b, URI_RESOLVE_STRICTLY) == URI_SUCCESS;
  bool ok = resolved;
  if (ok) {
    int chars = 0;
    ok = uriToStringCharsRequiredA(&t, &chars) == URI_SUCCESS;
    if (ok) {
      out.resize(static_cast<std::size_t>(chars) + 1);
      int written = 0;
      ok = uriToStringA(out.data(), &t, chars + 1, &written) == URI_SUCCESS;
      out.resize(ok ? static_cast<std::size_t>(written - 1) : 0);
    }
  }
  if (resolved) uriFreeUriMembersA(&t);  // uriparser frees it itself on failure
  uriFreeUriMembersA(&r);
  uriFreeUriMembersA(&b);
  return ok;
}

const char* boost_version() { return BOOST_LIB_VERSION; }
const char* uriparser_version() { return URI_VER_ANSI; }
const char* curl_version_string() { return LIBCURL_VERSION; }

}  // namespace irikit::bench
