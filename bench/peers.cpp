#include "peers.h"

#include <curl/curl.h>
#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
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

const char* boost_version() { return BOOST_LIB_VERSION; }
const char* uriparser_version() { return URI_VER_ANSI; }
const char* curl_version_string() { return LIBCURL_VERSION; }

}  // namespace irikit::bench
