"""patience: deal, play, check and solve the games of Lady Cadogan's book."""
