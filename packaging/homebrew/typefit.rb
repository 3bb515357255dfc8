# Homebrew formula for typefit (README "Install"). Not run by typefit's CI (Homebrew is not available on
# its Linux build machine): put it in a tap (`brew tap-new you/tools`, copy this file to its Formula/
# folder), fill in `url` and `sha256` of a release's source archive, then `brew install you/tools/typefit`.
class Typefit < Formula
  desc "Audit iOS screens for Dynamic Type text sizes with real fonts"
  homepage "https://example.com/typefit"
  url "https://example.com/typefit/typefit-0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  version "0.1.0"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "freetype"
  depends_on "harfbuzz"
  depends_on "icu4c@77"

  def install
    # ICU is keg-only: its pkg-config file is not on the default path.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["icu4c@77"].opt_lib/"pkgconfig"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "typefit"
    bin.install ".build/release/typefit"
    # typefit finds share/typefit/Fonts from its own (symlink-resolved) path: Cellar/typefit/VERSION/.
    (share/"typefit").install "Fonts"
  end

  test do
    (testpath/"Specs/screen.yaml").write <<~YAML
      screen: Smoke test
      devices: [iPhone 16]
      locales: [en]
      content:
        label: title
        text: Hello
        style: body
    YAML
    system bin/"typefit", "audit", "Specs", "--categories", "large"
  end
end
