# Plays back every interaction of an exported Ruby VCR cassette with Debian's ruby-vcr.
#
#   ruby ruby_vcr_playback.rb CASSETTE_FILE
#
# Loads the cassette (YAML or JSON serializer by extension) with VCR itself, record: :none,
# then asks VCR for the recorded answer to each recorded request, in order, through VCR's own
# request matching (method and URI), and prints as JSON the status and the body bytes (base64)
# of each. A cassette VCR cannot read, or a request it cannot match, fails the run.
require "vcr"
require "json"
require "base64"

path = ARGV.fetch(0)
serializer = path.end_with?(".json") ? :json : :yaml
VCR.configure do |c|
  c.cassette_library_dir = File.dirname(path)
  c.default_cassette_options = { serialize_with: serializer, record: :none }
end
name = File.basename(path, File.extname(path))
answers = []
VCR.use_cassette(name) do |cassette|
  recorded = cassette.send(:previously_recorded_interactions)
  raise "no interactions read" if recorded.empty?
  recorded.each do |interaction|
    request = interaction.request
    response = VCR.http_interactions.response_for(
      VCR::Request.new(request.method, request.uri, request.body, request.headers))
    raise "no recorded answer for #{request.method} #{request.uri}" unless response
    answers << { "status" => response.status.code, "body" => Base64.strict_encode64(response.body.to_s.b) }
  end
end
puts JSON.generate({ "vcr" => VCR.version, "answers" => answers })
