# typefit in a container (README "Install"): builds the self-contained release archive (`make dist`) on
# Swift's Debian 12 image, then copies it, unpacked, into a plain Debian 12 image: no Swift, no -dev
# packages, no runtime library packages needed there.
#   docker build -t typefit .
#   docker run --rm -v "$PWD:/work" typefit audit          # audits /work with its .typefit.yml
# (Not built or run by typefit's own CI: Docker is not available on its build machine.)
FROM swift:6.1-bookworm AS build
WORKDIR /src
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        libharfbuzz-dev libfreetype-dev libicu-dev pkg-config >/dev/null
COPY . .
RUN make dist && mkdir /dist && tar -xzf .build/dist/typefit-*-linux-*.tar.gz -C /dist && mv /dist/typefit-* /dist/typefit

FROM debian:bookworm-slim
COPY --from=build /dist/typefit /opt/typefit
ENV PATH=/opt/typefit/bin:$PATH
WORKDIR /work
# The example screens, so that `docker run --rm typefit audit /opt/typefit/share/typefit/Specs` shows a report.
COPY Specs /opt/typefit/share/typefit/Specs
ENTRYPOINT ["typefit"]
CMD ["--help"]
